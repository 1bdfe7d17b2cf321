import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSim } from '../../src/sim/start-sim.js';
import { startUserActivity } from './workload.js';

/**
 * The benchmark's exchange in a process of its own: the embedded exchange (seed 1) with the user's
 * trading activity, printing `{"rest": URL}` on its first line and running until its stdin closes.
 * In the measuring process, the exchange's work (publishing books every 50 ms, matching the
 * workload's orders) delayed the reading of the app's frames, and so the key-to-frame times.
 */

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..');

/** A running exchange process. */
export interface ExchangeProcess {
  /** REST base URL (the app derives the socket URLs from it via UTADASH_SIM_URL). */
  readonly url: string;
  /** Stops the workload and the exchange, and waits for the process to end. */
  close(): Promise<void>;
}

/** Starts the exchange process and resolves once it serves. */
export function startExchangeProcess(): Promise<ExchangeProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), fileURLToPath(import.meta.url), '--serve'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const ended = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      try {
        const { rest } = JSON.parse(line) as { rest: string };
        resolve({
          url: rest,
          close: async () => {
            child.stdin.end();
            await ended;
          },
        });
      } catch (error) {
        reject(new Error(`exchange process: ${String(error)}: ${line}`));
      }
    });
    child.once('exit', (code) => reject(new Error(`exchange process exited ${String(code)} before serving`)));
  });
}

async function serve(): Promise<void> {
  const sim = await startSim({ seed: 1 });
  const stop = startUserActivity(sim);
  process.stdout.write(`${JSON.stringify({ rest: sim.rest })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    stop();
    void sim.close().then(() => process.exit(0));
  });
}

if (process.argv.includes('--serve')) void serve();
