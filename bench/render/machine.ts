import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Where a benchmark ran: date, cores, CPU model, Node version. */
export function machineLine(): { date: string; nproc: number; cpu: string; node: string } {
  let model = cpus()[0]?.model ?? 'unknown';
  try {
    model = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? model;
  } catch {
    // Not Linux: keep os.cpus()'s name.
  }
  return { date: new Date().toISOString(), nproc: cpus().length, cpu: model, node: process.version };
}
