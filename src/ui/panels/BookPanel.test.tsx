import chalk from 'chalk';
import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../store/create-app-store.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { BookPanel } from './BookPanel.js';
import { MONOCHROME, type Theme } from '../theme.js';
import { restingOrder } from '../forms/ticket.testkit.js';
import type { Order } from '../../domain/model.js';

const NOW = 1_795_600_000_000;
const COLOURED: Theme = { ...MONOCHROME, name: 'test', bid: 'green', ask: 'red' };
const level = (price: string, size: string, cum: string) => ({ price, size, cum: new Decimal(cum) });

function setup(theme: Theme = MONOCHROME, orders: readonly Order[] = [], width = 60) {
  const store = createAppStore();
  store.getState().selectSymbol({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
  store.getState().setBooks(
    {
      'USDT-FUTURES:BTCUSDT': {
        bids: [level('97000.0', '1', '1'), level('96990.0', '2', '3'), level('96980.0', '1', '4')],
        asks: [level('97000.5', '1', '1'), level('97010.0', '2', '3'), level('97020.0', '1', '4')],
        seq: '1',
        source: 'books5',
        updatedAt: NOW,
        synced: true,
      },
    },
    NOW,
  );
  for (const o of orders) store.getState().applyOrder(o, NOW);
  store.getState().setFocus('book');
  const picked: string[] = [];
  const services = unusedServices({ bookDepth: () => 'books5' });
  const app = renderPanel(<BookPanel focused width={width} height={14} now={NOW} onPickPrice={(p) => picked.push(p)} />, { store, services, now: () => NOW, columns: width, rows: 14, context: { theme } });
  return { app, picked };
}

const level0 = chalk.level;
afterEach(() => {
  cleanup();
  chalk.level = level0;
});

/** The depth bar of the row showing `price`: the length of its run of styled blanks and the style. */
function bar(frame: string, price: string): { cells: number; sgr: string } {
  const line = frame.split('\n').find((l) => l.includes(price)) ?? '';
  // The last run: the cursor's reverse video may also start the row (at the blank of the own-order mark).
  const m = [...line.matchAll(/\x1b\[(4[0-7]|7)m( +)/g)].at(-1);
  return { cells: m?.[2]?.length ?? 0, sgr: m?.[1] ?? '' };
}

describe('BookPanel', () => {
  it('copies the level under the cursor; keys of one chunk see the moves before them ("kk" then Enter)', async () => {
    const { app, picked } = setup();
    await app.waitForText('97000.5');
    // The cursor starts on the best bid.
    await app.press('c');
    await waitFor(() => picked.length === 1);
    expect(picked).toEqual(['97000.0']);
    // Two levels up (best bid -> best ask -> second ask) and copy, all in one chunk.
    await app.press('kk\r');
    await waitFor(() => picked.length === 2);
    expect(picked[1]).toBe('97010.0');
  });

  it('draws depth bars in proportion to the cumulative size, as coloured blanks (reverse video in monochrome)', async () => {
    chalk.level = 1;
    const dark = setup(COLOURED).app;
    await dark.waitForText('97000.5');
    // 60 columns: 14 bar cells (2 go to the own-order mark); the deepest level (cumulative 4) fills them.
    const frame = dark.lastFrame() ?? '';
    expect(bar(frame, '97020.0')).toEqual({ cells: 14, sgr: '41' });
    expect(bar(frame, '97010.0')).toEqual({ cells: 10, sgr: '41' });
    expect(bar(frame, '97000.0')).toEqual({ cells: 3, sgr: '42' });
    cleanup();
    const mono = setup(MONOCHROME).app;
    await mono.waitForText('97000.5');
    expect(bar(mono.lastFrame() ?? '', '96990.0')).toEqual({ cells: 10, sgr: '7' });
  });

  /** The rows of the frame with ANSI codes removed. */
  const plain = (frame: string) => frame.split('\n').map((l) => l.replace(/\x1b\[[0-9;]*m/g, ''));
  const rowOf = (frame: string, price: string) => plain(frame).find((l) => l.includes(price)) ?? '';
  const ours = [
    // "97000" and "97000.00" are the level the book writes "97000.0"; 96990.04 rounds down onto 96990.0 (tick 0.1).
    restingOrder('1', { price: new Decimal('97000'), qty: new Decimal('0.5') }),
    restingOrder('2', { price: new Decimal('97000.00'), qty: new Decimal('0.25') }),
    restingOrder('3', { price: new Decimal('96990.04'), qty: new Decimal('0.1') }),
    restingOrder('4', { side: 'sell', price: new Decimal('97010'), qty: new Decimal('1'), cumExecQty: new Decimal('0.25'), status: 'partially_filled' }),
    restingOrder('5', { symbol: 'ETHUSDT', price: new Decimal('96980'), qty: new Decimal('9') }),
  ];

  it('marks the levels of our resting orders beside the price, with our unfilled quantity there when there is room', async () => {
    const { app } = setup(MONOCHROME, ours);
    await app.waitForText('97000.5');
    const frame = app.lastFrame() ?? '';
    expect(plain(frame).find((l) => l.includes('price'))).toMatch(/price\s+size\s+total\s+mine/);
    expect(rowOf(frame, '97000.0')).toMatch(/◆\s+97000\.0\s+1\s+1\.0000\s+0\.7500/);
    expect(rowOf(frame, '96990.0')).toMatch(/◆\s+96990\.0\s+2\s+3\.0000\s+0\.1000/);
    expect(rowOf(frame, '97010.0')).toMatch(/◆\s+97010\.0\s+2\s+3\.0000\s+0\.7500/);
    // No mark where we have nothing, and another symbol's order marks nothing here.
    expect(rowOf(frame, '97000.5')).not.toContain('◆');
    expect(rowOf(frame, '96980.0')).not.toContain('◆');
    expect(rowOf(frame, '97020.0')).not.toContain('◆');
  });

  it('colours the mark and our quantity by side (bid colour on bids, ask colour on asks)', async () => {
    chalk.level = 1;
    const { app } = setup(COLOURED, ours);
    await app.waitForText('97000.5');
    const frame = app.lastFrame() ?? '';
    const row = (price: string) => frame.split('\n').find((l) => l.includes(price)) ?? '';
    expect(row('97000.0')).toMatch(/\x1b\[32m◆/);
    expect(row('97000.0')).toMatch(/\x1b\[32m\s*0\.7500/);
    expect(row('97010.0')).toMatch(/\x1b\[31m◆/);
  });

  it('keeps the marks but drops the quantity column when the width leaves no room for it', async () => {
    const { app } = setup(MONOCHROME, ours, 44);
    await app.waitForText('97000.5');
    const frame = app.lastFrame() ?? '';
    expect(frame).not.toContain('mine');
    expect(rowOf(frame, '97000.0')).toMatch(/^.◆\s+97000\.0/);
    expect(frame).not.toContain('0.7500');
  });
});
