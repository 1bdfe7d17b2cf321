import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { unusedServices } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { createAppStore } from '../../store/create-app-store.js';
import { AppContext, type AppContextValue } from '../hooks/app-context.js';
import { CommandRegistryContext, newTextCaptureSlot, TextCaptureContext, useKeyDispatcher, type CommandRegistry } from '../hooks/use-commands.js';
import { percentile, RenderStatsRecorder } from '../hooks/use-render-stats.js';
import { DEFAULT_BINDINGS } from '../keys/bindings.js';
import { MONOCHROME } from '../theme.js';
import { RenderStatsOverlay, renderStatsLine } from './RenderStatsOverlay.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

function Dispatch() {
  useKeyDispatcher(() => ({ overlay: null, focus: 'book' }));
  return null;
}

function setup(stats: RenderStatsRecorder | undefined, width = 90) {
  const value: AppContextValue = {
    store: createAppStore(),
    services: unusedServices(),
    theme: MONOCHROME,
    bindings: DEFAULT_BINDINGS,
    now: () => NOW,
    size: { columns: width, rows: 10 },
    onQuit: () => undefined,
    ...(stats ? { renderStats: stats } : {}),
  };
  const registry: CommandRegistry = new Map();
  const r = render(
    <AppContext.Provider value={value}>
      <CommandRegistryContext.Provider value={registry}>
        <TextCaptureContext.Provider value={newTextCaptureSlot()}>
          <Dispatch />
          <RenderStatsOverlay width={width} />
        </TextCaptureContext.Provider>
      </CommandRegistryContext.Provider>
    </AppContext.Provider>,
  );
  const press = async (keys: string) => {
    await waitFor(() => registry.size > 0);
    r.stdin.write(keys);
  };
  return { ...r, press };
}

afterEach(() => cleanup());

describe('RenderStatsRecorder', () => {
  it('reports fps, bytes/s and render-time quantiles over its window only', () => {
    const rec = new RenderStatsRecorder(1000);
    rec.recordRender(50, NOW - 5000); // outside the window
    rec.recordBytes(99_999, NOW - 5000);
    for (let i = 0; i < 10; i += 1) rec.recordRender(i + 1, NOW - 900 + i * 10);
    rec.recordBytes(2048, NOW - 100);
    const s = rec.snapshot(NOW);
    expect(s.fps).toBe(10);
    expect(s.bytesPerSec).toBe(2048);
    expect(s.renderMsMedian).toBe(5);
    expect(s.renderMsP99).toBe(10);
    expect(s.totalFrames).toBe(11);
    expect(s.totalBytes).toBe(99_999 + 2048);
  });

  it('keeps at most `capacity` entries so memory stays flat', () => {
    const rec = new RenderStatsRecorder(1_000_000, 100);
    for (let i = 0; i < 1000; i += 1) rec.recordRender(1, NOW - 1000 + i);
    expect(rec.snapshot(NOW).fps).toBe(100 / 1000);
    expect(rec.snapshot(NOW).totalFrames).toBe(1000);
    expect(rec.allRenders).toHaveLength(0);
  });

  it('reports the share of frame rows kept from the frame before when a row counter is given', () => {
    const rec = new RenderStatsRecorder(1000);
    expect(rec.snapshot(NOW).rowsKept).toBeNull();
    let counts = { reused: 0, joined: 0, built: 0 };
    rec.countRows(() => counts);
    expect(rec.snapshot(NOW).rowsKept).toBe(0);
    counts = { reused: 90, joined: 8, built: 2 };
    expect(rec.snapshot(NOW).rowsKept).toBe(0.9);
    expect(renderStatsLine(rec.snapshot(NOW))).toContain('rows kept  90%');
  });

  it('percentile uses the nearest rank', () => {
    expect(percentile([], 0.5)).toBe(0);
    expect(percentile([3, 1, 2], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4], 0.99)).toBe(4);
  });
});

describe('RenderStatsOverlay', () => {
  it('is hidden until ! and shows the recorded stats, then hides on the next !', async () => {
    const rec = new RenderStatsRecorder(1000);
    rec.recordRender(2, NOW - 10);
    rec.recordRender(4, NOW - 5);
    rec.recordBytes(5 * 1024, NOW - 5);
    const r = setup(rec);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(r.lastFrame() ?? '').not.toContain('fps');
    await r.press('!');
    await waitFor(() => (r.lastFrame() ?? '').includes('fps'));
    const line = r.lastFrame() ?? '';
    expect(line).toContain('fps   2.0');
    expect(line).toContain('5.0 KB/s');
    expect(line).toContain('render   2.0 ms p99   4.0 ms');
    for (const l of line.split('\n')) expect(l.length).toBeLessThanOrEqual(90);
    await r.press('!');
    await waitFor(() => !(r.lastFrame() ?? '').includes('fps'));
  });

  it('says so when the app has no stats source, and fits narrow widths', async () => {
    const r = setup(undefined, 30);
    await r.press('!');
    await waitFor(() => (r.lastFrame() ?? '').includes('render stats'));
    for (const l of (r.lastFrame() ?? '').split('\n')) expect(l.length).toBeLessThanOrEqual(30);
    expect(renderStatsLine(null)).toContain('not available');
  });
});
