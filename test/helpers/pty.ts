import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const DRIVER = fileURLToPath(new URL('./pty-drive.py', import.meta.url));

/** One step of a pseudo-terminal script (see pty-drive.py). */
export type PtyStep = { readonly waitFor: string } | { readonly send: string } | { readonly signal: 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'SIGTSTP' | 'SIGCONT' } | { readonly hangup: true };

/** What happened to a command run on a pseudo-terminal. */
export interface PtyResult {
  /** Every byte the command wrote to the terminal, as UTF-8 text. */
  readonly output: string;
  /** Exit status; 128+n when the command was killed by signal n. */
  readonly exitCode: number;
  /** The signal number that ended the command, or null when it exited. */
  readonly signaled: number | null;
  /** The script or the exit took longer than the timeout (the command was then killed). */
  readonly timedOut: boolean;
  /** Index of the `waitFor` step that never matched, or null. */
  readonly failedStep: number | null;
  /** The terminal's local modes after the command exited (null after a hang-up). */
  readonly lflag: { readonly icanon: boolean; readonly echo: boolean; readonly isig: boolean } | null;
}

/** Options of `runInPty`. */
export interface PtyOptions {
  /** Terminal size; default 100x30. */
  readonly cols?: number;
  readonly rows?: number;
  /** Whole run, seconds; default 20. */
  readonly timeoutSec?: number;
  /** The command's environment. */
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Called with the driver's pid once it runs; the command runs as its child (find it with
   * `commandPid`). For tests that act on the command while the script waits (e.g. SIGCONT after a stop).
   */
  readonly onSpawn?: (driverPid: number) => void;
}

/**
 * The pid of the command `runInPty` runs under the driver `driverPid`: the descendant whose command
 * line starts with `prefix` (e.g. `node /path/app.mjs`), or null before it has started. Descendants,
 * and a prefix: a `python3` wrapper (a pyenv shim) may run the driver a level down, with the whole
 * command in its own arguments.
 */
export function commandPid(driverPid: number, prefix: string): number | null {
  const r = spawnSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' });
  const rows = r.stdout.split('\n').flatMap((line) => {
    const m = /^\s*(\d+)\s+(\d+)\s(.*)$/.exec(line);
    return m ? [{ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] ?? '' }] : [];
  });
  const family = new Set([driverPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (family.has(row.ppid) && !family.has(row.pid)) {
        family.add(row.pid);
        grew = true;
      }
    }
  }
  return rows.find((row) => family.has(row.pid) && row.args.startsWith(prefix))?.pid ?? null;
}

/**
 * Runs `command` on a fresh pseudo-terminal (python3's pty module, no native npm packages),
 * plays `steps`, reads until the command exits and reports the output, status and tty modes.
 */
export function runInPty(command: readonly string[], steps: readonly PtyStep[], options: PtyOptions = {}): Promise<PtyResult> {
  const spec = JSON.stringify({ cols: options.cols ?? 100, rows: options.rows ?? 30, timeoutSec: options.timeoutSec ?? 20, steps });
  return new Promise<PtyResult>((resolve, reject) => {
    const child = spawn('python3', [DRIVER, spec, '--', ...command], { env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', reject);
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`pty-drive.py exited ${String(code)}: ${err}`));
      const raw = JSON.parse(Buffer.concat(out).toString('utf8')) as Omit<PtyResult, 'output'> & { output: string };
      resolve({ ...raw, output: Buffer.from(raw.output, 'base64').toString('utf8') });
    });
  });
}

/** What a streaming pseudo-terminal session reports, in the order it happened. */
export type PtyEvent = { readonly kind: 'data'; readonly bytes: Buffer } | { readonly kind: 'resized'; readonly cols: number; readonly rows: number };

/** How a command run by `openPty` ended. */
export interface PtyExit {
  /** Exit status; 128+n when the command was killed by signal n. */
  readonly exitCode: number;
  /** The signal number that ended the command, or null when it exited. */
  readonly signaled: number | null;
  /** The run took longer than the timeout (the command was then killed). */
  readonly timedOut: boolean;
}

/** A command running on a pseudo-terminal, driven while it runs (see `openPty`). */
export interface PtySession {
  /** Types `text` into the terminal (keys). */
  send(text: string): void;
  /** Sends `name` to the command. */
  signal(name: 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'SIGTSTP' | 'SIGCONT'): void;
  /**
   * Gives the terminal a new size (TIOCSWINSZ, then SIGWINCH to the command). A `resized` event
   * marks the point in the output where it happened: bytes after it were read at the new size.
   */
  resize(cols: number, rows: number): void;
  /** Kills the command (SIGKILL, by closing the driver's input) unless it has ended. */
  kill(): void;
  /** Resolves once the command has ended and its last output has been reported. */
  readonly exited: Promise<PtyExit>;
}

/** Options of `openPty`. */
export interface PtySessionOptions {
  /** Terminal size at start; default 100x30. */
  readonly cols?: number;
  readonly rows?: number;
  /** Longest run, seconds, after which the command is killed; default 60. */
  readonly timeoutSec?: number;
  /** The command's environment. */
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Runs `command` on a fresh pseudo-terminal in pty-drive.py's streaming mode: what the command
 * writes and the resizes arrive at `onEvent` as they happen, in order, and keys, signals and
 * resizes can be sent at any time (`runInPty` plays a fixed script instead).
 */
export function openPty(command: readonly string[], onEvent: (event: PtyEvent) => void, options: PtySessionOptions = {}): PtySession {
  const spec = JSON.stringify({ stream: true, cols: options.cols ?? 100, rows: options.rows ?? 30, timeoutSec: options.timeoutSec ?? 60 });
  const child = spawn('python3', [DRIVER, spec, '--', ...command], { env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let ended = false;
  const tell = (line: object): void => {
    if (!ended && child.stdin.writable) child.stdin.write(`${JSON.stringify(line)}\n`);
  };
  const exited = new Promise<PtyExit>((resolve, reject) => {
    let err = '';
    let partial = '';
    let exit: PtyExit | null = null;
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      const lines = (partial + d).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') continue;
        const event = JSON.parse(line) as { out?: string; resized?: [number, number]; exit?: PtyExit };
        if (event.out !== undefined) onEvent({ kind: 'data', bytes: Buffer.from(event.out, 'base64') });
        else if (event.resized) onEvent({ kind: 'resized', cols: event.resized[0], rows: event.resized[1] });
        else if (event.exit) exit = event.exit;
      }
    });
    child.stdin.on('error', () => undefined);
    child.on('error', reject);
    child.on('close', (code) => {
      ended = true;
      if (exit !== null) resolve(exit);
      else reject(new Error(`pty-drive.py exited ${String(code)} without reporting the command's end: ${err}`));
    });
  });
  return {
    send: (text) => tell({ send: text }),
    signal: (name) => tell({ signal: name }),
    resize: (cols, rows) => tell({ resize: [cols, rows] }),
    kill: () => {
      if (!ended) child.stdin.end();
    },
    exited,
  };
}
