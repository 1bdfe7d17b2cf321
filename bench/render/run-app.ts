import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { FrameSplitter, type Frame } from './frames.js';
import { TextScreen } from './screen.js';
import { cpuSeconds, memoryMB, quantile, round } from './proc.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..');

/** Which writer the app renders with. */
export type Writer = 'ours' | 'ink-default';

/** One benchmark run of the real app on a pseudo-terminal. */
export interface RunOptions {
  readonly columns: number;
  readonly rows: number;
  /** `ours`: the app as shipped; `ink-default`: UTADASH_INK_DEFAULT=1 (standard writer, 30 fps). */
  readonly writer: Writer;
  /** Running embedded exchange (`http://127.0.0.1:PORT`); null = the app starts its own. */
  readonly simUrl: string | null;
  /** Settling time after the first full frame before measuring, ms. */
  readonly warmupMs: number;
  /** Measurement window, ms (0 = only the first full frame). */
  readonly measureMs: number;
  /** Pause between scripted key pairs inside the measurement window, ms (each pair opens, then closes the help overlay). */
  readonly keyEveryMs: number;
  /** Key pairs pressed after the window (streaming continues) for the latency quantiles; default 0. */
  readonly keyBurst?: number;
  /** Extra app arguments (e.g. `--ssh`). */
  readonly args?: readonly string[];
  /** The layout to start with (config `layout`); default the app's own (`trade`). */
  readonly layout?: string;
  /** Extra node arguments for the app (e.g. `--cpu-prof`). */
  readonly nodeArgs?: readonly string[];
  /** RSS samples while measuring (soak): called every `sampleEveryMs` with MB. */
  readonly onSample?: (elapsedMs: number, rssMB: number, cpuSec: number) => void;
  readonly sampleEveryMs?: number;
}

/** The JSON line of one run. */
export interface RunResult {
  readonly size: string;
  /** The layout measured. */
  readonly layout: string;
  readonly writer: Writer;
  readonly bytesPerSec: number;
  readonly fps: number;
  /** Ink renders a second (frames that changed nothing on screen are renders but not frames). */
  readonly rendersPerSec: number;
  readonly renderMsMedian: number;
  readonly renderMsP99: number;
  readonly cpu: number;
  readonly rssPeakMB: number;
  readonly rssFinalMB: number;
  readonly keyMsMedian: number;
  readonly keyMsP99: number;
  /** From spawning the app to the first frame with a filled order book, ms. */
  readonly firstFrameMs: number;
  readonly keys: number;
  readonly seconds: number;
}

/** Help overlay open. */
const HELP_OPEN = /Keys — Esc or \? to close/;
/** The book is back (help closed): its title. */
const BOOK_SHOWN = /Book [A-Z0-9]+ books/;
/** A filled book: the spread line has a number. */
const BOOK_FILLED = /spread \d/;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The node flags `npm start` runs the app with (package.json's `start` script, e.g.
 * `--max-semi-space-size=8`), so the bench measures what a user runs.
 */
export function startNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts?: { start?: string } };
  const m = /^node\s+(.*?)\s*bin\/utadash\.mjs/.exec(pkg.scripts?.start ?? '');
  return (m?.[1] ?? '').split(/\s+/).filter((a) => a !== '');
}

/** Runs the app once on a COLSxROWS pseudo-terminal and measures it. */
export async function runApp(o: RunOptions): Promise<RunResult> {
  const tmp = mkdtempSync(join(tmpdir(), 'utadash-bench-'));
  const statsFile = join(tmp, 'render-stats.json');
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: tmp, XDG_CONFIG_HOME: join(tmp, 'config'), XDG_STATE_HOME: join(tmp, 'state'), TERM: 'xterm-256color', COLUMNS: String(o.columns), LINES: String(o.rows), UTADASH_RENDER_STATS_FILE: statsFile };
  for (const name of ['CI', 'BITGET_API_KEY', 'BITGET_API_SECRET', 'BITGET_API_PASSPHRASE', 'NO_COLOR', 'SSH_CONNECTION', 'UTADASH_INK_DEFAULT', 'UTADASH_SIM_URL']) delete env[name];
  if (o.writer === 'ink-default') env.UTADASH_INK_DEFAULT = '1';
  if (o.layout !== undefined && o.layout !== 'trade') {
    mkdirSync(join(tmp, 'config', 'utadash'), { recursive: true, mode: 0o700 });
    writeFileSync(join(tmp, 'config', 'utadash', 'config.json'), JSON.stringify({ layout: o.layout }), { mode: 0o600 });
  }
  if (o.simUrl !== null) env.UTADASH_SIM_URL = o.simUrl;
  const started = performance.now();
  const child = spawn('python3', [join(HERE, 'pty-run.py'), String(o.columns), String(o.rows), '--', process.execPath, ...startNodeFlags(), ...(o.nodeArgs ?? []), join(ROOT, 'bin', 'utadash.mjs'), '--log-file', join(tmp, 'app.log'), ...(o.args ?? [])], {
    env,
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let pid = 0;
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString('utf8');
    const m = /^PID (\d+)$/m.exec(stderr);
    if (m && pid === 0) pid = Number(m[1]);
  });
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });

  const splitter = new FrameSplitter();
  let totalBytes = 0;
  const frameTimes: number[] = [];
  let waiter: { test: (screen: string) => boolean; resolve: (at: number) => void } | null = null;
  let firstFullAt = 0;
  // What the terminal shows: the cell writer's frames carry only changed cells, so text is looked
  // for on the screen after each frame, not in the frame's bytes.
  const screen = new TextScreen(o.columns, o.rows);
  const utf8 = new StringDecoder('utf8');
  child.stdout.on('data', (chunk: Buffer) => {
    const at = performance.now();
    totalBytes += chunk.length;
    const frames = splitter.push(chunk, at);
    screen.write(utf8.write(chunk));
    // The screen is checked once per chunk, as of its last frame (a chunk rarely holds two).
    const last = frames.at(-1);
    for (const f of frames) frameTimes.push(f.at);
    if (last !== undefined) onFrame(last);
  });
  const onFrame = (f: Frame) => {
    const shown = screen.text();
    if (firstFullAt === 0 && BOOK_FILLED.test(shown)) firstFullAt = f.at;
    if (waiter && waiter.test(shown)) {
      const w = waiter;
      waiter = null;
      w.resolve(f.at);
    }
  };
  const waitFrame = (test: (screen: string) => boolean, timeoutMs: number) =>
    new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        waiter = null;
        resolve(null);
      }, timeoutMs);
      waiter = {
        test,
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
      };
    });
  const press = (key: string) => child.stdin.write(key);

  try {
    const deadline = performance.now() + 30_000;
    while (firstFullAt === 0 && !gone && performance.now() < deadline) await sleep(20);
    if (firstFullAt === 0) throw new Error(`no full frame within 30 s (exited: ${gone}); stderr: ${stderr.slice(-2000)}`);
    await sleep(o.warmupMs);
    const t0 = performance.now();
    const wall0 = Date.now();
    const cpu0 = cpuSeconds(pid) ?? 0;
    const bytes0 = totalBytes;
    const frames0 = frameTimes.length;
    const keyMs: number[] = [];
    let nextSample = t0 + (o.sampleEveryMs ?? 1000);
    let rssFinal = 0;
    let rssPeakSeen = 0;
    let n = 0;
    /** One scripted press pair: `?` opens help, `?` closes it; both latencies recorded. */
    const togglePair = async () => {
      const open = waitFrame((shown) => HELP_OPEN.test(shown), 3000);
      const sentOpen = performance.now();
      press('?');
      const openAt = await open;
      if (openAt !== null) keyMs.push(openAt - sentOpen);
      await sleep(150);
      const close = waitFrame((shown) => !HELP_OPEN.test(shown) && BOOK_SHOWN.test(shown), 3000);
      const sentClose = performance.now();
      press('?');
      const closeAt = await close;
      if (closeAt !== null) keyMs.push(closeAt - sentClose);
    };
    while (performance.now() - t0 < o.measureMs && !gone) {
      const remaining = o.measureMs - (performance.now() - t0);
      // A fixed, uneven offset per press so presses do not lock to the frame clock (deterministic).
      const pause = o.keyEveryMs + ((n * 37) % 67);
      await sleep(Math.max(0, Math.min(pause, remaining)));
      if (pause > remaining) break;
      n += 1;
      await togglePair();
      if (performance.now() >= nextSample) {
        nextSample += o.sampleEveryMs ?? 1000;
        const mem = memoryMB(pid);
        if (mem) {
          rssFinal = mem.rss;
          rssPeakSeen = Math.max(rssPeakSeen, mem.peak);
          o.onSample?.(performance.now() - t0, mem.rss, cpuSeconds(pid) ?? 0);
        }
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = cpuSeconds(pid) ?? cpu0;
    const mem = memoryMB(pid);
    const bytes = totalBytes - bytes0;
    const frames = frameTimes.length - frames0;
    const wall1 = Date.now();
    // Latency burst (still streaming): more presses so the p99 rests on enough samples.
    for (let k = 0; k < (o.keyBurst ?? 0) && !gone; k += 1) {
      await sleep(250 + ((k * 37) % 67));
      await togglePair();
    }
    // Quit through the app's own path (q, then y to confirm) so it writes its render stats.
    press('q');
    await sleep(300);
    press('y');
    const code = await Promise.race([exited, sleep(8000).then(() => null)]);
    if (code === null) {
      child.stdin.end();
      await Promise.race([exited, sleep(4000)]);
    }
    let renders: [number, number][] = [];
    try {
      renders = (JSON.parse(readFileSync(statsFile, 'utf8')) as { renders: [number, number][] }).renders;
    } catch {
      // The app did not write its stats (crashed or killed): render times stay empty.
    }
    const renderMs = renders.filter(([at]) => at >= wall0 && at <= wall1).map(([, ms]) => ms);
    return {
      size: `${o.columns}x${o.rows}`,
      layout: o.layout ?? 'trade',
      writer: o.writer,
      bytesPerSec: Math.round(bytes / seconds),
      fps: round(frames / seconds),
      rendersPerSec: round(renderMs.length / seconds),
      renderMsMedian: round(quantile(renderMs, 0.5), 2),
      renderMsP99: round(quantile(renderMs, 0.99), 2),
      cpu: round((cpu1 - cpu0) / seconds, 3),
      rssPeakMB: round(Math.max(rssPeakSeen, mem?.peak ?? 0)),
      rssFinalMB: round(mem?.rss ?? rssFinal),
      keyMsMedian: round(quantile(keyMs, 0.5)),
      keyMsP99: round(quantile(keyMs, 0.99)),
      firstFrameMs: Math.round(firstFullAt - started),
      keys: keyMs.length,
      seconds: round(seconds),
    };
  } finally {
    if (!gone) {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(3000)]);
    }
    rmSync(tmp, { recursive: true, force: true });
  }
}
