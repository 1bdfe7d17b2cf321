import { applyFaultSpec, Faults } from '../sim/server/faults.js';
import { startSim, simInfoLine, type SimHandle } from '../sim/start-sim.js';
import { UsageError } from './args.js';

/** Options of `utadash sim`. */
export interface SimCommandOptions {
  readonly host: string;
  readonly port: number;
  readonly seed: number;
  readonly speed: number;
  readonly apiKey?: string;
  readonly secret?: string;
  readonly passphrase?: string;
  readonly faults?: string;
}

/** Usage of `utadash sim`. */
export const SIM_USAGE = `utadash sim — run the embedded exchange alone

Usage: utadash sim [--host 127.0.0.1] [--port 0] [--seed N] [--speed X]
                   [--api-key K] [--secret S] [--passphrase P] [--faults SPEC]

Prints one JSON line with the REST and websocket URLs and the demo credentials, then serves until
interrupted (Ctrl-C).`;

const FLAGS = new Set(['--host', '--port', '--seed', '--speed', '--api-key', '--secret', '--passphrase', '--faults']);

/** Parses `utadash sim` flags; throws UsageError with a specific message. */
export function parseSimArgs(argv: readonly string[]): SimCommandOptions | 'help' {
  const v = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const raw = argv[i] ?? '';
    if (raw === '--help' || raw === '-h') return 'help';
    const eq = raw.indexOf('=');
    const name = eq > 0 ? raw.slice(0, eq) : raw;
    if (!FLAGS.has(name)) throw new UsageError(`unknown sim option "${raw}" (see utadash sim --help)`);
    const value = eq > 0 ? raw.slice(eq + 1) : argv[(i += 1)];
    if (value === undefined || value === '') throw new UsageError(`${name} needs a value`);
    v.set(name, value);
  }
  const int = (name: string, def: number, max: number): number => {
    const t = v.get(name);
    if (t === undefined) return def;
    if (!/^\d+$/.test(t) || Number(t) > max) throw new UsageError(`${name} must be a whole number from 0 to ${max} (got "${t}")`);
    return Number(t);
  };
  const speedText = v.get('--speed') ?? '1';
  if (!/^\d+(\.\d+)?$/.test(speedText) || Number(speedText) <= 0 || Number(speedText) > 10_000) throw new UsageError(`--speed must be a positive number up to 10000 (got "${speedText}")`);
  const host = v.get('--host') ?? '127.0.0.1';
  const faults = v.get('--faults');
  if (faults !== undefined) checkFaultSpec(faults);
  return {
    host,
    port: int('--port', 0, 65535),
    seed: int('--seed', 1, 999_999_999),
    speed: Number(speedText),
    ...(v.has('--api-key') ? { apiKey: v.get('--api-key') } : {}),
    ...(v.has('--secret') ? { secret: v.get('--secret') } : {}),
    ...(v.has('--passphrase') ? { passphrase: v.get('--passphrase') } : {}),
    ...(v.has('--faults') ? { faults: v.get('--faults') } : {}),
  };
}

/** Runs the embedded exchange until SIGINT/SIGTERM; prints its one JSON line. */
export async function runSimCommand(argv: readonly string[]): Promise<number> {
  const parsed = parseSimArgs(argv);
  if (parsed === 'help') {
    process.stdout.write(`${SIM_USAGE}\n`);
    return 0;
  }
  const handle = await listenOrRefuse(parsed);
  process.stdout.write(`${simInfoLine(handle)}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await handle.close();
  return 0;
}

/** Refuses a `--faults` spec the embedded exchange would reject, in its own words. */
function checkFaultSpec(spec: string): void {
  try {
    applyFaultSpec(new Faults(), spec);
  } catch (error) {
    throw new UsageError(`--faults ${spec}: ${(error as Error).message.replace(/^fault spec(?: "[^"]*")?: /, '')}`);
  }
}

/** Why a port could not be opened, in words, by the system's error code. */
const LISTEN_REASONS: Readonly<Record<string, string>> = {
  EADDRINUSE: 'the port is in use by another program',
  EACCES: 'permission denied (ports below 1024 need privileges)',
  EADDRNOTAVAIL: 'the address is not one of this machine\'s',
  ENOTFOUND: 'unknown host',
  EAI_AGAIN: 'the host name could not be resolved',
};

/** Starts the exchange; a port or host that cannot be listened on is a UsageError naming both. */
async function listenOrRefuse(options: SimCommandOptions): Promise<SimHandle> {
  try {
    return await startSim(options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const reason = LISTEN_REASONS[code];
    if (reason === undefined) throw error;
    throw new UsageError(`cannot listen on ${options.host}:${options.port}: ${reason} (${code}); pick another --port (0 picks a free one) or --host`);
  }
}
