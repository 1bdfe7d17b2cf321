import { writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { render } from 'ink';
import { createElement } from 'react';
import { CATEGORIES, type Category } from '../domain/model.js';
import { DEMO_WS_URLS, LIVE_WS_URLS } from '../exchange/ws/stream-client.js';
import { DEMO_API_KEY, DEMO_PASSPHRASE, DEMO_SECRET, startSim, type SimHandle } from '../sim/start-sim.js';
import type { TradingMode } from '../store/slices/connection-slice.js';
import type { SymbolRef } from '../store/slices/market-slice.js';
import { AppRoot } from '../ui/AppRoot.js';
import { RenderStatsRecorder } from '../ui/hooks/use-render-stats.js';
import { applyKeyOverrides, DEFAULT_BINDINGS } from '../ui/keys/bindings.js';
import { UsageError, type CliOptions } from './args.js';
import { loadConfig } from './config.js';
import { createFileLogger, Redactor } from './file-logger.js';
import { openSession } from './session.js';
import { installTerminalGuards } from './terminal.js';
import { loadTheme } from './themes.js';

/** Default log file: $XDG_STATE_HOME/utadash/utadash.log. */
export function defaultLogPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_STATE_HOME && env.XDG_STATE_HOME !== '' ? env.XDG_STATE_HOME : join(env.HOME ?? homedir(), '.local', 'state');
  return join(base, 'utadash', 'utadash.log');
}

/** SSH mode: forced by `--ssh`, automatic when SSH_CONNECTION is set. */
export function isRemoteSession(options: CliOptions, env: NodeJS.ProcessEnv): boolean {
  return options.ssh || (env.SSH_CONNECTION ?? '') !== '';
}

/**
 * Frame-rate cap: the flag, else 5 in SSH mode, else 60. Streaming frames are already bounded by
 * the services' shared 10 Hz publish tick (one store update, one frame per tick); the cap only
 * limits key-driven frames, and a high one keeps key-to-frame latency near one render time.
 */
export function chooseMaxFps(options: CliOptions, env: NodeJS.ProcessEnv): number {
  if (options.maxFps !== null) return options.maxFps;
  return isRemoteSession(options, env) ? 5 : 60;
}

/**
 * How frames reach the terminal. Default: Ink's standard writer into a `CellDiffStream` (only
 * changed cells are written) at `chooseMaxFps`. `UTADASH_INK_DEFAULT=1` (benchmarks only: the
 * comparison line of `npm run bench:render`) writes with Ink's defaults instead: the standard
 * writer straight to the terminal at Ink's default 30 fps.
 */
export function chooseRenderOptions(options: CliOptions, env: NodeJS.ProcessEnv): { cellDiff: boolean; maxFps?: number } {
  if (env.UTADASH_INK_DEFAULT === '1') return { cellDiff: false };
  return { cellDiff: true, maxFps: chooseMaxFps(options, env) };
}

/**
 * Counts the bytes written to `stream` into `stats` (the `!` overlay's bytes/s) by wrapping its
 * `write`; returns the function that restores the original.
 */
function countWrites(stream: NodeJS.WriteStream, stats: RenderStatsRecorder): () => void {
  const original = stream.write;
  const write = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    stats.recordBytes(typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength, Date.now());
    return (original as (c: string | Uint8Array, ...r: unknown[]) => boolean).call(stream, chunk, ...rest);
  };
  stream.write = write as typeof stream.write;
  return () => {
    stream.write = original;
  };
}

/**
 * An already running embedded exchange to use instead of starting one in-process:
 * `UTADASH_SIM_URL=http://127.0.0.1:PORT` (e.g. from `utadash sim`, with the demo credentials).
 * The render benchmark uses it so the app's CPU is measured without the exchange's.
 */
function externalSim(env: NodeJS.ProcessEnv): { rest: string; wsPublic: string; wsPrivate: string } | null {
  const url = env.UTADASH_SIM_URL ?? '';
  if (url === '') return null;
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(url)) throw new UsageError(`UTADASH_SIM_URL must be http://127.0.0.1:PORT (got "${url}")`);
  const ws = url.replace('http://', 'ws://');
  return { rest: url, wsPublic: `${ws}/v3/ws/public`, wsPrivate: `${ws}/v3/ws/private` };
}

/** `--symbol BTCUSDT` (USDT futures) or `--symbol SPOT:BTCUSDT`; throws UsageError for an unknown category. */
export function parseSymbolFlag(text: string | null): SymbolRef | null {
  if (text === null) return null;
  const [a, b] = text.includes(':') ? text.split(':') : ['USDT-FUTURES', text];
  const category = (a ?? '').toUpperCase();
  if (!(CATEGORIES as readonly string[]).includes(category)) throw new UsageError(`--symbol: unknown category "${a ?? ''}" (use ${CATEGORIES.join(', ')})`);
  if (!b) throw new UsageError('--symbol needs a symbol, e.g. BTCUSDT or SPOT:BTCUSDT');
  return { category: category as Category, symbol: b.toUpperCase() };
}

/**
 * The composition root of the dashboard: config → exchange (real, paper, or the embedded one) →
 * clients → store → services → Ink. Returns the exit code.
 */
export async function runDashboard(options: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  const symbol = parseSymbolFlag(options.symbol);
  const config = loadConfig(env, options.profile);
  const theme = loadTheme(options.theme ?? config.theme, env);
  const bindings = applyKeyOverrides(DEFAULT_BINDINGS, config.keys);
  const redactor = new Redactor();
  const logger = createFileLogger(options.logFile ?? defaultLogPath(env), redactor, 'info');
  const creds = options.demo ? null : config.profile.credentials;
  const paper = options.paper || config.profile.paper;
  let sim: SimHandle | null = null;
  let mode: TradingMode;
  let restUrl: string;
  let ws: { public: string; private: string };
  let credentials: { apiKey: string; secret: string; passphrase: string };
  let account: string;
  if (creds) {
    mode = paper ? 'PAPER' : 'LIVE';
    restUrl = config.profile.restUrl ?? 'https://api.bitget.com';
    ws = paper ? DEMO_WS_URLS : LIVE_WS_URLS;
    credentials = creds;
    account = config.profileName ?? 'env keys';
  } else if (externalSim(env)) {
    const ext = externalSim(env) ?? { rest: '', wsPublic: '', wsPrivate: '' };
    mode = 'DEMO';
    restUrl = ext.rest;
    ws = { public: ext.wsPublic, private: ext.wsPrivate };
    credentials = { apiKey: DEMO_API_KEY, secret: DEMO_SECRET, passphrase: DEMO_PASSPHRASE };
    account = 'sim 6000000001';
  } else {
    sim = await startSim({ seed: options.seed ?? 1 });
    mode = 'DEMO';
    restUrl = sim.rest;
    ws = { public: sim.wsPublic, private: sim.wsPrivate };
    credentials = { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase };
    account = `sim ${sim.uid}`;
  }
  redactor.add(credentials.apiKey, credentials.secret, credentials.passphrase);
  logger.info('starting', { mode, restUrl });

  const { store, services } = await openSession(
    { mode, account, restUrl, wsPublic: ws.public, wsPrivate: ws.private, credentials, paper: paper && mode === 'PAPER' },
    {
      ...(symbol ? { symbol } : {}),
      bell: () => process.stdout.write('\x07'),
      restLogger: { debug: (m, c) => logger.debug(m, c), warn: (m, c) => logger.warn(m, c) },
      fileLog: (level, text) => (level === 'error' ? logger.error(text) : level === 'warn' ? logger.warn(text) : logger.info(text)),
    },
  );
  if (mode === 'DEMO') store.getState().logEvent('info', 'DEMO: trading the embedded exchange (no keys configured); nothing here is real', Date.now());

  let resolveQuit: (code: number) => void = () => undefined;
  const quit = new Promise<number>((resolve) => {
    resolveQuit = resolve;
  });
  // Render statistics for the `!` overlay; UTADASH_RENDER_STATS_FILE (benchmarks) also keeps every
  // render time and writes them there as JSON at shutdown.
  const statsFile = env.UTADASH_RENDER_STATS_FILE ?? '';
  // React's development build (NODE_ENV unset) records a performance.measure per component render and
  // Node keeps every entry: ~120 MB a minute at 160x48. Drop them regularly.
  const clearTimeline = setInterval(() => {
    performance.clearMeasures();
    performance.clearMarks();
  }, 5000);
  clearTimeline.unref();
  const renderStats = new RenderStatsRecorder(5000, 4096, statsFile !== '');
  const uncount = countWrites(process.stdout, renderStats);
  const { cellDiff, maxFps } = chooseRenderOptions(options, env);
  const terminal = cellDiff && process.stdout.isTTY ? new CellDiffStream(process.stdout) : null;
  const instance = render(createElement(AppRoot, { value: { store, services, theme, bindings, now: Date.now, size: null, onQuit: () => resolveQuit(0), renderStats } }), {
    alternateScreen: true,
    incrementalRendering: false,
    ...(maxFps === undefined ? {} : { maxFps }),
    ...(terminal ? { stdout: terminal as unknown as NodeJS.WriteStream, interactive: true } : {}),
    onRender: ({ renderTime }) => renderStats.recordRender(renderTime, Date.now()),
    exitOnCtrlC: false,
    patchConsole: false,
  });
  let stopped = false;
  const shutdown = async (reason: string, code: number) => {
    if (stopped) return;
    stopped = true;
    logger.info('shutdown', { reason, code });
    instance.unmount();
    terminal?.detach();
    clearInterval(clearTimeline);
    uncount();
    if (statsFile !== '') writeFileSync(statsFile, JSON.stringify({ renders: renderStats.allRenders }));
    await services.shutdown().catch(() => undefined);
    await sim?.close().catch(() => undefined);
  };
  const removeGuards = installTerminalGuards(shutdown, (e) => redactor.text(e instanceof Error ? (e.stack ?? e.message) : String(e)));
  // Test hook (test/e2e/terminal-restore.test.ts): UTADASH_TEST_CRASH_AFTER_MS=N throws an uncaught
  // error N ms after the first render, to prove a crash restores the terminal. In DEMO mode the message
  // carries the (public) demo secret, so the test also proves the crash report is redacted.
  const crashAfterMs = Number(env.UTADASH_TEST_CRASH_AFTER_MS ?? '');
  if (crashAfterMs > 0) {
    setTimeout(() => {
      throw new TestCrashError(`deliberate crash (UTADASH_TEST_CRASH_AFTER_MS)${mode === 'DEMO' ? ` with ${credentials.secret}` : ''}`);
    }, crashAfterMs);
  }
  const code = await quit;
  await shutdown('quit', code);
  removeGuards();
  return code;
}

/** The error the UTADASH_TEST_CRASH_AFTER_MS test hook throws (code TEST_CRASH). */
export class TestCrashError extends Error {
  /** Stable code. */
  readonly code = 'TEST_CRASH';
  override readonly name = 'TestCrashError';
}

/* ---------- The terminal writer: Ink's frames re-encoded as cell-level differences ---------- */

const BSU = '\x1b[?2026h';
const ESU = '\x1b[?2026l';
// CSI sequences (SGR and the rest), OSC strings, and two-byte escapes.
const ESCAPE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_=>78]/g;
/** Characters that may not be one cell wide (CJK, emoji, combining marks): their line is rewritten whole. */
const COMPLEX = /[\u0300-\u036f\u1100-\u115f\u2e80-\uffff\ud800-\udfff]/;

/** One screen cell: a character and the SGR parameters in force (canonical, "" = default). */
interface Cell {
  readonly ch: string;
  readonly sgr: string;
}

/** SGR state while parsing a line: attribute groups, so equal looks compare equal. */
class Style {
  fg = '';
  bg = '';
  bold = false;
  dim = false;
  flags = new Set<number>();
  apply(params: string): void {
    const p = params === '' ? ['0'] : params.split(';');
    for (let i = 0; i < p.length; i += 1) {
      const n = Number(p[i]);
      if (n === 0) {
        this.fg = '';
        this.bg = '';
        this.bold = false;
        this.dim = false;
        this.flags.clear();
      } else if (n === 1) this.bold = true;
      else if (n === 2) this.dim = true;
      else if (n === 22) this.bold = this.dim = false;
      else if (n === 38 || n === 48) {
        const take = p[i + 1] === '5' ? 2 : p[i + 1] === '2' ? 4 : 0;
        const value = p.slice(i, i + 1 + take).join(';');
        if (n === 38) this.fg = value;
        else this.bg = value;
        i += take;
      } else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) this.fg = String(n);
      else if (n === 39) this.fg = '';
      else if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) this.bg = String(n);
      else if (n === 49) this.bg = '';
      else if (n >= 3 && n <= 9) this.flags.add(n);
      else if (n >= 23 && n <= 29) this.flags.delete(n === 24 ? 4 : n - 20);
    }
  }
  /** Canonical parameters ("" = default look). */
  key(): string {
    const parts: string[] = [];
    if (this.bold) parts.push('1');
    if (this.dim) parts.push('2');
    for (const f of [...this.flags].sort()) parts.push(String(f));
    if (this.fg !== '') parts.push(this.fg);
    if (this.bg !== '') parts.push(this.bg);
    return parts.join(';');
  }
}

/** Parses one frame line into `columns` cells (blank-padded); null when it holds complex characters. */
function lineCells(line: string, columns: number): Cell[] | null {
  if (COMPLEX.test(line)) return null;
  const cells: Cell[] = [];
  const style = new Style();
  let sgr = '';
  let i = 0;
  while (i < line.length && cells.length < columns) {
    if (line.charCodeAt(i) === 0x1b) {
      ESCAPE.lastIndex = i;
      const m = ESCAPE.exec(line);
      if (m && m.index === i) {
        if (m[0].endsWith('m') && m[0].startsWith('\x1b[')) {
          style.apply(m[0].slice(2, -1));
          sgr = style.key();
        }
        i += m[0].length;
        continue;
      }
      i += 1;
      continue;
    }
    cells.push({ ch: line[i] ?? ' ', sgr });
    i += 1;
  }
  while (cells.length < columns) cells.push({ ch: ' ', sgr: '' });
  return cells;
}

/**
 * The terminal stream Ink writes to: Ink renders with its standard writer (whole frame, erase
 * first) inside DEC 2026 synchronized updates; this stream keeps the screen it last drew and writes
 * only the cells that changed (cursor position + style + characters), so a frame costs bytes in
 * proportion to what changed on screen, not to the lines it touched. Writes outside a synchronized
 * update (alternate screen, cursor visibility) pass through unchanged. Resizes repaint everything.
 */
export class CellDiffStream extends Writable {
  /** Ink checks this to render interactively. */
  readonly isTTY = true;
  private screen: string[] = [];
  private cells: (Cell[] | null)[] = [];
  private group: string | null = null;
  private readonly onResize = () => {
    this.screen = [];
    this.cells = [];
    this.emit('resize');
  };

  /** @param out the real terminal (needs columns/rows; 'resize' events are forwarded) */
  constructor(private readonly out: NodeJS.WritableStream & { columns?: number; rows?: number; on?: (e: 'resize', f: () => void) => unknown; off?: (e: 'resize', f: () => void) => unknown }) {
    super({ decodeStrings: false });
    out.on?.('resize', this.onResize);
  }

  /** Terminal width (columns). */
  get columns(): number {
    return this.out.columns ?? 80;
  }

  /** Terminal height (rows). */
  get rows(): number {
    return this.out.rows ?? 24;
  }

  /** Stops following the terminal's resizes. */
  detach(): void {
    this.out.off?.('resize', this.onResize);
  }

  override _write(chunk: string | Buffer, _enc: BufferEncoding, done: (error?: Error | null) => void): void {
    let text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    while (text !== '') {
      if (this.group === null) {
        const start = text.indexOf(BSU);
        if (start < 0) {
          this.out.write(text);
          break;
        }
        if (start > 0) this.out.write(text.slice(0, start));
        this.group = '';
        text = text.slice(start + BSU.length);
      } else {
        const end = text.indexOf(ESU);
        if (end < 0) {
          this.group += text;
          break;
        }
        this.group += text.slice(0, end);
        text = text.slice(end + ESU.length);
        const group = this.group;
        this.group = null;
        this.out.write(this.frame(group));
      }
    }
    done();
  }

  /** The bytes that turn the last drawn screen into the frame inside one synchronized update. */
  private frame(group: string): string {
    // Keep private-mode switches (cursor visibility) Ink put in the update; drop erase/moves.
    let modes = '';
    for (const m of group.matchAll(/\x1b\[\?[0-9;]*[hl]/g)) modes += m[0];
    const body = group.replace(/^(?:\x1b\[[0-?]*[ -/]*[@-~])+/, '');
    if (body === '' || !/[^\x1b]/.test(body.replace(ESCAPE, ''))) return modes === '' ? '' : `${BSU}${modes}${ESU}`;
    const lines = body.replace(/\x1b\[[0-?]*[ -/]*[A-HJKSTf]/g, '').split('\n');
    const { columns, rows } = this;
    let out = this.screen.length === 0 ? '\x1b[0m\x1b[2J' : '';
    let current = '';
    for (let r = 0; r < rows; r += 1) {
      const line = lines[r] ?? '';
      if (this.screen[r] === line && this.screen.length !== 0) continue;
      const next = lineCells(line, columns);
      const prev = this.screen.length === 0 ? null : (this.cells[r] ?? null);
      this.screen[r] = line;
      this.cells[r] = next;
      if (next === null || prev === null) {
        out += `\x1b[${r + 1};1H\x1b[0m${line}\x1b[0m\x1b[K`;
        current = '';
        continue;
      }
      let c = 0;
      while (c < columns) {
        if (next[c]?.ch === prev[c]?.ch && next[c]?.sgr === prev[c]?.sgr) {
          c += 1;
          continue;
        }
        // A run of changes; gaps of up to 3 unchanged cells are cheaper to rewrite than to skip.
        let end = c + 1;
        let gap = 0;
        for (let k = c + 1; k < columns && gap <= 3; k += 1) {
          if (next[k]?.ch === prev[k]?.ch && next[k]?.sgr === prev[k]?.sgr) gap += 1;
          else {
            gap = 0;
            end = k + 1;
          }
        }
        out += `\x1b[${r + 1};${c + 1}H`;
        for (let k = c; k < end; k += 1) {
          const cell = next[k] ?? { ch: ' ', sgr: '' };
          if (cell.sgr !== current) {
            out += `\x1b[0${cell.sgr === '' ? '' : `;${cell.sgr}`}m`;
            current = cell.sgr;
          }
          out += cell.ch;
        }
        c = end;
      }
    }
    this.screen.length = rows;
    this.cells.length = rows;
    if (current !== '') out += '\x1b[0m';
    return out === '' && modes === '' ? '' : `${BSU}${modes}${out}${ESU}`;
  }
}
