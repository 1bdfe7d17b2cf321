import { writeFileSync } from 'node:fs';
import { render } from 'ink';
import { createElement } from 'react';
import { CellDiffStream } from '../render/cell-diff-stream.js';
import { installInkOutputRows } from '../render/ink-output-rows.js';
import { inkPatch, type InkPatch } from '../render/ink-patch.js';
import { AppRoot } from '../ui/AppRoot.js';
import { createFrameGate } from '../ui/frame-gate.js';
import type { AppContextValue } from '../ui/hooks/app-context.js';
import { RenderStatsRecorder } from '../ui/hooks/use-render-stats.js';
import type { CliOptions } from './args.js';
import type { Logger } from './file-logger.js';
import { installSuspend, SuspendBridge } from './suspend.js';

/**
 * Frame-rate cap: the flag, else 60. Streaming frames are bounded by the services' shared publish
 * tick (one store update, one frame per tick, see `choosePublishMs`); the cap only limits key-driven
 * frames, and a high one keeps key-to-frame latency near one render time, over SSH too.
 */
export function chooseMaxFps(options: CliOptions): number {
  return options.maxFps ?? 60;
}

/**
 * Streaming redraw pace, ms: the screen shows what streamed in (market ticks, private pushes, the
 * clock) at most once per 200 ms, 5 frames a second, locally and over SSH (see ui/frame-gate.ts);
 * keys redraw at once. The market tick and the private pushes around it share a frame. Measured at
 * 160x48 (bench/RESULTS.md): the app's own work without frames is ~0.045 of a core and each
 * streamed frame a second ~0.013 more, so 5 a second keeps it near the 0.10 budget (issue 17),
 * where 8 (the 100 ms publish) cost 0.13.
 */
export const STREAM_FRAME_MS = 200;

/**
 * How frames reach the terminal. Default: Ink's standard writer into a `CellDiffStream` (only
 * changed cells are written) at `chooseMaxFps`. `UTADASH_INK_DEFAULT=1` (benchmarks only: the
 * comparison line of `npm run bench:render`) writes with Ink's defaults instead: the standard
 * writer straight to the terminal at Ink's default 30 fps.
 */
export function chooseRenderOptions(options: CliOptions, env: NodeJS.ProcessEnv): { cellDiff: boolean; maxFps?: number } {
  if (env.UTADASH_INK_DEFAULT === '1') return { cellDiff: false };
  return { cellDiff: true, maxFps: chooseMaxFps(options) };
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
 * Render statistics for the `!` overlay, with the bytes written to stdout counted; `stop` restores
 * stdout and, with UTADASH_RENDER_STATS_FILE set (benchmarks), writes every render time there as JSON.
 */
function startRenderStats(env: NodeJS.ProcessEnv): { readonly recorder: RenderStatsRecorder; stop(): void } {
  const statsFile = env.UTADASH_RENDER_STATS_FILE ?? '';
  // React's development build (NODE_ENV unset) records a performance.measure per component render and
  // Node keeps every entry: ~120 MB a minute at 160x48. Drop them regularly.
  const clearTimeline = setInterval(() => {
    performance.clearMeasures();
    performance.clearMarks();
  }, 5000);
  clearTimeline.unref();
  const recorder = new RenderStatsRecorder(5000, 4096, statsFile !== '');
  const uncount = countWrites(process.stdout, recorder);
  return {
    recorder,
    stop: () => {
      clearInterval(clearTimeline);
      uncount();
      if (statsFile !== '') writeFileSync(statsFile, JSON.stringify({ renders: recorder.allRenders }));
    },
  };
}

/** Unchanged rows are not rebuilt each frame (see render/ink-output-rows.ts); says so in the log when Ink's own builder stays. */
function installOutputRows(ink: InkPatch, stats: RenderStatsRecorder, logger: Logger): void {
  const outputRows = installInkOutputRows(2000, ink);
  if (outputRows.installed) stats.countRows(() => outputRows.stats());
  else logger.warn(`render: Ink's frame builder kept (${outputRows.reason ?? 'unknown'}); frames cost more CPU`);
}

/** What the screen shows: the app's context, less what the screen adds (clock, size, render stats, repaint, frame gate). */
export type ScreenApp = Omit<AppContextValue, 'now' | 'size' | 'renderStats' | 'repaint' | 'frameGate'>;

/** The dashboard on the terminal. */
export interface Screen {
  /** Logs Ink's cache sizes, unmounts, gives the terminal back and writes the render statistics asked for. */
  stop(): void;
}

/**
 * Draws the app with Ink on the alternate screen: through the cell diff with the patched Ink's row
 * builder (plain Ink for the benchmark's ink-default comparison), streamed changes paced by the frame
 * gate, render statistics for `!`, Ctrl-L repaint and Ctrl-Z suspend.
 */
export function startScreen(app: ScreenApp, options: CliOptions, env: NodeJS.ProcessEnv, logger: Logger): Screen {
  const stats = startRenderStats(env);
  const { cellDiff, maxFps } = chooseRenderOptions(options, env);
  const terminal = cellDiff && process.stdout.isTTY ? new CellDiffStream(process.stdout) : null;
  const ink = inkPatch();
  if (cellDiff) installOutputRows(ink, stats.recorder, logger);
  // Ctrl-L: forget what the screen shows (Ink's last frame, the cell diff's copy); the app then
  // renders, and the whole frame is drawn again over a cleared screen.
  let clearInk = (): void => undefined;
  const repaint = (): void => {
    terminal?.repaint();
    if (!terminal) process.stdout.write('\x1b[2J');
    clearInk();
  };
  // Ctrl-Z: the terminal restored as on quit, the job stopped; on `fg` everything is drawn again.
  const suspension = installSuspend({ stdin: process.stdin, stdout: process.stdout, beforeRedraw: () => terminal?.repaint(), onError: (m) => logger.warn(m) });
  const frameGate = createFrameGate(app.store, { intervalMs: STREAM_FRAME_MS, wall: Date.now });
  const root = createElement(AppRoot, { value: { ...app, now: Date.now, size: null, renderStats: stats.recorder, repaint, frameGate } });
  const instance = render(createElement(SuspendBridge, { control: suspension }, root), {
    alternateScreen: true,
    incrementalRendering: false,
    ...(maxFps === undefined ? {} : { maxFps }),
    ...(terminal ? { stdout: terminal as unknown as NodeJS.WriteStream, interactive: true } : {}),
    onRender: ({ renderTime }) => stats.recorder.recordRender(renderTime, Date.now()),
    exitOnCtrlC: false,
    patchConsole: false,
  });
  clearInk = () => instance.clear();
  return {
    stop: () => {
      // Ink's bounded caches (patches/ink+7.1.1.patch), as the run-mode test reads them.
      logger.info('render: Ink caches', { patch: ink.revision, measured: ink.measureCache.map.size, wrapped: ink.wrapCache.map.size, limit: ink.measureCache.limit });
      suspension.uninstall();
      instance.unmount();
      terminal?.detach();
      stats.stop();
    },
  };
}
