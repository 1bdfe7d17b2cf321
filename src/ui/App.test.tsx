import { OPERATION_CATALOG } from '../services/operation-catalog.js';
import { Decimal } from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import type { AppServices, BookDepth } from '../services/app-services.js';
import { createAppStore } from '../store/create-app-store.js';
import type { BookView, SymbolRef } from '../store/slices/market-slice.js';
import { renderApp } from '../../test/helpers/render-app.js';
import { waitFor } from '../../test/helpers/wait-for.js';
import { servicesOverWire } from '../../test/helpers/wire-services.js';
import { MONOCHROME } from './theme.js';

function servicesFor(store: ReturnType<typeof createAppStore>): AppServices & { depth: BookDepth } {
  const symbols: SymbolRef[] = [{ category: 'USDT-FUTURES', symbol: 'BTCUSDT' }, { category: 'SPOT', symbol: 'ETHUSDT' }];
  const exchange = { call: async () => null };
  const svc = {
    depth: 'books5' as BookDepth,
    selectSymbol: (ref: SymbolRef) => store.getState().selectSymbol(ref),
    setBookDepth: (d: BookDepth) => { svc.depth = d; },
    bookDepth: () => svc.depth,
    symbols: () => symbols,
    shutdown: async () => undefined,
    trading: null,
    countdown: null,
    candles: null,
    exchange,
    ...servicesOverWire(exchange),
    catalog: OPERATION_CATALOG,
  };
  return svc;
}

function book(now: number): BookView {
  const lv = (price: string, size: string, cum: string) => ({ price, size, cum: new Decimal(cum) });
  return { bids: [lv('97000.1', '1.5', '1.5'), lv('96999.9', '2', '3.5')], asks: [lv('97000.5', '0.25', '0.25'), lv('97001', '3', '3.25')], seq: '10', source: 'books5', updatedAt: now, synced: true };
}

afterEach(() => cleanup());

describe('App', () => {
  it('shows the mode, the book with fixed-width columns and the spread, and never exceeds the terminal height', async () => {
    const store = createAppStore();
    const now = 1_700_000_000_000;
    store.getState().setEnvironment('DEMO', 'demo 6000000001');
    store.getState().setBooks({ 'USDT-FUTURES:BTCUSDT': book(now) }, now);
    const app = renderApp({ store, services: servicesFor(store), columns: 80, rows: 24, now: () => now });
    await app.waitForText('97000.5');
    const frame = app.frame();
    expect(frame).toContain('DEMO');
    expect(frame).toContain('spread 0.4');
    const lines = frame.split('\n');
    expect(lines.length).toBeLessThanOrEqual(24);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
  });

  it('opens help from the bindings table, closes it, and asks before quitting', async () => {
    const store = createAppStore();
    let quit = 0;
    const app = renderApp({ store, services: servicesFor(store), onQuit: () => { quit += 1; } });
    await app.waitForText('Book');
    await app.press('?');
    await app.waitForText('Keys — Esc or ? to close');
    // Scroll until the book's keys show: the list is generated from the bindings table.
    for (let i = 0; i < 20 && !app.frame().includes('Cycle book depth'); i += 1) await app.press('j');
    expect(app.frame()).toContain('Cycle book depth');
    await app.press('?');
    await app.waitForText('Orders');
    await app.press('3');
    await app.waitForText('Trades');
    await app.press('q');
    await app.waitForText('Quit utadash?');
    expect(quit).toBe(0);
    await app.press('y');
    expect(quit).toBe(1);
  });

  it('switches the theme at run time from the palette and remembers it', async () => {
    const store = createAppStore();
    const remembered: string[] = [];
    const themes = {
      names: ['dark', 'light'],
      load: (name: string) => ({ ...MONOCHROME, name, focus: name === 'light' ? 'blue' : 'yellow' }),
      remember: (name: string) => {
        remembered.push(name);
        return null;
      },
    };
    const app = renderApp({ store, services: servicesFor(store), theme: { ...MONOCHROME, name: 'dark' }, themes });
    await app.waitForText('Book');
    // ':' and the query in one chunk: the keys after ':' wait for the palette's field.
    await app.press(':switch theme');
    await app.waitForText('› Switch theme');
    await app.press('\r');
    await waitFor(() => remembered.length === 1);
    expect(remembered).toEqual(['light']);
    await waitFor(() => store.getState().ui.log.some((l) => l.text === 'theme light (remembered for the next start)'));
    await app.press(':');
    await app.waitForText('type to filter');
    await app.press('switch theme\r');
    await waitFor(() => remembered.length === 2);
    expect(remembered).toEqual(['light', 'dark']);
  });

  it('Ctrl-L asks for a whole repaint, also with an overlay open', async () => {
    const store = createAppStore();
    let repaints = 0;
    const app = renderApp({ store, services: servicesFor(store), repaint: () => void (repaints += 1) });
    await app.waitForText('Book');
    const frames = app.frames.length;
    await app.press('\x0c');
    await waitFor(() => repaints === 1 && app.frames.length > frames);
    await app.press('?');
    await app.waitForText('Keys — Esc or ? to close');
    await app.press('\x0c');
    await waitFor(() => repaints === 2);
  });

  it('a second Ctrl-C while the quit prompt is up quits at once', async () => {
    const store = createAppStore();
    let quit = 0;
    const app = renderApp({ store, services: servicesFor(store), onQuit: () => { quit += 1; } });
    await app.waitForText('Book');
    await app.press('\x03');
    await app.waitForText('Quit utadash?');
    expect(quit).toBe(0);
    await app.press('\x03');
    await waitFor(() => quit === 1);
  });

  it('moves to the next symbol and cycles the book depth from the keyboard', async () => {
    const store = createAppStore();
    const svc = servicesFor(store);
    const app = renderApp({ store, services: svc });
    await app.waitForText('BTCUSDT');
    await app.press(']');
    await app.waitForText('SPOT ETHUSDT');
    await app.press('d');
    expect(svc.depth).toBe('books50');
  });

  it('copies the book level under the cursor into the ticket', async () => {
    const store = createAppStore();
    const now = 1_700_000_000_000;
    store.getState().setBooks({ 'USDT-FUTURES:BTCUSDT': book(now) }, now);
    const app = renderApp({ store, services: servicesFor(store), columns: 160, rows: 48, now: () => now });
    await app.waitForText('97000.5');
    await app.press('k'); // up: from the best bid to the best ask
    await app.press('\r');
    await waitFor(() => store.getState().ui.focus === 'ticket');
    await app.waitForText(/price\s+97000\.5/);
  });
});
