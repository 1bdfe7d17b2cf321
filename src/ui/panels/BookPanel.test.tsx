import chalk from 'chalk';
import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../store/create-app-store.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { BookPanel } from './BookPanel.js';
import { MONOCHROME, type Theme } from '../theme.js';

const NOW = 1_795_600_000_000;
const COLOURED: Theme = { ...MONOCHROME, name: 'test', bid: 'green', ask: 'red' };
const level = (price: string, size: string, cum: string) => ({ price, size, cum: new Decimal(cum) });

function setup(theme: Theme = MONOCHROME) {
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
  store.getState().setFocus('book');
  const picked: string[] = [];
  const services = unusedServices({ bookDepth: () => 'books5' });
  const app = renderPanel(<BookPanel focused width={60} height={14} now={NOW} onPickPrice={(p) => picked.push(p)} />, { store, services, now: () => NOW, columns: 60, rows: 14, context: { theme } });
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
  const m = /\x1b\[(4\d|7)m( +)/.exec(line);
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
    // 60 columns: 16 bar cells; the deepest level (cumulative 4) fills them.
    const frame = dark.lastFrame() ?? '';
    expect(bar(frame, '97020.0')).toEqual({ cells: 16, sgr: '41' });
    expect(bar(frame, '97010.0')).toEqual({ cells: 12, sgr: '41' });
    expect(bar(frame, '97000.0')).toEqual({ cells: 4, sgr: '42' });
    cleanup();
    const mono = setup(MONOCHROME).app;
    await mono.waitForText('97000.5');
    expect(bar(mono.lastFrame() ?? '', '96990.0')).toEqual({ cells: 12, sgr: '7' });
  });
});
