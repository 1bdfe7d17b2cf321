import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { Category, Instrument } from '../../domain/model.js';
import { createAppStore, type AppStore } from '../../store/create-app-store.js';
import type { SymbolRef } from '../../store/slices/market-slice.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { Command } from '../keys/commands.js';
import { CommandPalette, NOT_ON_SCREEN } from './CommandPalette.js';

function inst(category: Category, symbol: string): Instrument {
  const d = (v: string) => new Decimal(v);
  return {
    category, symbol, baseCoin: symbol.replace(/USDT$/, ''), quoteCoin: 'USDT', pricePrecision: 2, quantityPrecision: 4, priceMultiplier: d('0.01'), quantityMultiplier: d('0.0001'),
    minOrderQty: d('0'), maxOrderQty: d('0'), minOrderAmount: d('1'), status: 'online', isReality: false, makerFeeRate: d('0.0002'), takerFeeRate: d('0.0006'), contractType: null, maxLeverage: null,
  };
}

function setup(width = 80, height = 14) {
  const store: AppStore = createAppStore();
  store.getState().setInstruments([inst('SPOT', 'BTCUSDT'), inst('SPOT', 'ETHUSDT'), inst('USDT-FUTURES', 'BTCUSDT')], 1);
  store.getState().setOverlay('palette');
  const picked: SymbolRef[] = [];
  let closed = 0;
  const services = unusedServices({ selectSymbol: (ref) => void picked.push(ref) });
  const onClose = () => {
    closed += 1;
    store.getState().setOverlay(null);
  };
  const view = renderPanel(<CommandPalette width={width} height={height} onClose={onClose} />, { store, services, columns: width, rows: height });
  return { store, view, picked, closed: () => closed };
}

function expectFits(frame: string, width: number, height: number) {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(height);
  for (const l of lines) expect(l.length).toBeLessThanOrEqual(width);
}

/**
 * The hint shows on the render that starts editing; the field's key capture registers in that
 * render's effects, a few event-loop turns later. Wait for both before typing.
 */
async function ready(view: { waitForText: (t: string) => Promise<unknown> }) {
  await view.waitForText('type to filter');
  for (let i = 0; i < 3; i += 1) await new Promise<void>((r) => setImmediate(r));
}

afterEach(() => cleanup());

describe('CommandPalette', () => {
  it('lists commands and symbols, filters fuzzily, and fits its box', async () => {
    const { view } = setup();
    await ready(view);
    expectFits(view.frame(), 80, 14);
    await view.press('bookdep');
    await view.waitForText('bookdep');
    expect(view.frame()).toContain('Cycle book depth');
    expect(view.frame()).not.toContain('Show every key');
    await view.press('\x7f\x7f\x7f\x7f\x7f\x7f\x7fgo eth');
    await view.waitForText('› go to SPOT ETHUSDT');
    expect(view.frame()).not.toContain('go to SPOT BTCUSDT');
  });

  it('shows the disabled reason of a registered command, and "not on screen" for an unregistered one; Enter on it stays open', async () => {
    const { view, closed } = setup(100, 14);
    await ready(view);
    view.registry.set(Command.BOOK_DEPTH, { handler: () => undefined, disabledReason: () => 'full depth only on futures' });
    await view.press('cycle book depth');
    await view.waitForText('(full depth only on futures)');
    expect(view.frame()).toContain('cannot run now: full depth only on futures');
    await view.press('\r');
    await view.waitForText('Cycle book depth (books1/5/50/full): full depth only on futures');
    expect(closed()).toBe(0);
    await view.press('\x7f'.repeat(16) + 'quit');
    await view.waitForText(`(${NOT_ON_SCREEN})`);
    expect(view.frame()).not.toContain('full depth only on futures');
  });

  it('runs the selected command through the registry after closing', async () => {
    const { view, store, closed } = setup();
    await ready(view);
    const ran: string[] = [];
    let overlayWhenRun: string | null = 'unset';
    view.registry.set(Command.APP_FOCUS_2, { handler: () => void ran.push('ticket'), disabledReason: () => null });
    view.registry.set(Command.APP_FOCUS_3, {
      handler: () => {
        overlayWhenRun = store.getState().ui.overlay;
        ran.push('trades');
      },
      disabledReason: () => null,
    });
    await view.press('focus the public');
    await view.waitForText('› Focus the public trades');
    expect(view.frame()).not.toMatch(/› Focus the order ticket/);
    await view.press('\r');
    await waitFor(() => ran.length > 0);
    expect(ran).toEqual(['trades']);
    expect(closed()).toBe(1);
    expect(overlayWhenRun).toBeNull();
  });

  it('a query and Enter typed in one chunk run the top match of that query, not of the query before', async () => {
    const { view } = setup();
    await ready(view);
    const ran: string[] = [];
    view.registry.set(Command.APP_FOCUS_3, { handler: () => void ran.push('trades'), disabledReason: () => null });
    await view.press('focus the public\r');
    await waitFor(() => ran.length > 0);
    expect(ran).toEqual(['trades']);
  });

  it('a panel command focuses its panel before it runs', async () => {
    const { view, store } = setup();
    await ready(view);
    let focusWhenRun = '';
    view.registry.set(Command.BOOK_DEPTH, { handler: () => void (focusWhenRun = store.getState().ui.focus), disabledReason: () => null });
    store.getState().setFocus('trades');
    await view.press('cycle book');
    await view.waitForText('› Cycle book depth');
    await view.press('\r');
    await waitFor(() => focusWhenRun !== '');
    expect(focusWhenRun).toBe('book');
  });

  it('Enter on an instrument selects it; Escape closes', async () => {
    const first = setup();
    await ready(first.view);
    await first.view.press('futures btc');
    await first.view.waitForText('› go to USDT-FUTURES BTCUSDT');
    await first.view.press('\r');
    await waitFor(() => first.picked.length > 0);
    expect(first.picked).toEqual([{ category: 'USDT-FUTURES', symbol: 'BTCUSDT' }]);
    cleanup();
    const second = setup();
    await ready(second.view);
    await second.view.press('\x1b');
    await waitFor(() => second.closed() === 1);
    expect(second.picked).toEqual([]);
  });

  it('bounds the results to a small height and width', async () => {
    const { view } = setup(30, 6);
    await view.waitForText('›');
    expectFits(view.frame(), 30, 6);
    expect(view.frame().split('\n').filter((l) => l.includes('  ') || l.includes('›')).length).toBeGreaterThan(0);
  });
});
