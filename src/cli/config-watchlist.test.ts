import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_WATCH_TICKERS } from '../services/market-service.js';
import { ConfigError, loadConfig } from './config.js';
import { parseWatchlist } from './config-watchlist.js';

function home(content: unknown): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), 'utadash-wl-'));
  mkdirSync(join(dir, 'utadash'));
  const file = join(dir, 'utadash', 'config.json');
  writeFileSync(file, JSON.stringify(content));
  chmodSync(file, 0o600);
  return { XDG_CONFIG_HOME: dir };
}

const fail = (message: string): never => {
  throw new Error(message);
};
const parse = (raw: unknown) => parseWatchlist(raw, 'cfg.json', fail);

describe('config watchlist', () => {
  it('reads CATEGORY:SYMBOL entries in order, in any case; absent is the default (null)', () => {
    expect(parse(['USDT-FUTURES:BTCUSDT', 'spot:ethusdt', ' MARGIN:BTCUSDT ', 'COIN-FUTURES:BTCUSD_CM'])).toEqual([
      { category: 'USDT-FUTURES', symbol: 'BTCUSDT' },
      { category: 'SPOT', symbol: 'ETHUSDT' },
      { category: 'MARGIN', symbol: 'BTCUSDT' },
      { category: 'COIN-FUTURES', symbol: 'BTCUSD_CM' },
    ]);
    expect(parse(undefined)).toBeNull();
    expect(parse(null)).toBeNull();
    expect(parse([])).toEqual([]);
  });

  it.each([
    ['SPOT:ETHUSDT', 'cfg.json: "watchlist" must be a list like ["USDT-FUTURES:BTCUSDT", "SPOT:ETHUSDT"]'],
    [['SPOT:ETHUSDT', 'BTCUSDT'], 'cfg.json: watchlist[1] "BTCUSDT" must be "CATEGORY:SYMBOL", e.g. "SPOT:ETHUSDT"'],
    [[42], 'cfg.json: watchlist[0] 42 must be "CATEGORY:SYMBOL", e.g. "SPOT:ETHUSDT"'],
    [['FUTURES:BTCUSDT'], 'cfg.json: watchlist[0] "FUTURES:BTCUSDT": unknown category "FUTURES" (use SPOT, MARGIN, USDT-FUTURES, COIN-FUTURES, USDC-FUTURES)'],
    [['SPOT:'], 'cfg.json: watchlist[0] "SPOT:" must be "CATEGORY:SYMBOL", e.g. "SPOT:ETHUSDT"'],
  ])('refuses %j in one line naming the entry', (raw, message) => {
    expect(() => parse(raw)).toThrow(message);
  });

  it('refuses more entries than the public socket budget', () => {
    expect(() => parse(Array.from({ length: MAX_WATCH_TICKERS + 1 }, (_, i) => `SPOT:C${i}USDT`))).toThrow(`has ${MAX_WATCH_TICKERS + 1} entries; at most ${MAX_WATCH_TICKERS}`);
  });

  it('reaches the config, or stops the start with a ConfigError', () => {
    expect(loadConfig(home({ watchlist: ['SPOT:ETHUSDT'] }), null).watchlist).toEqual([{ category: 'SPOT', symbol: 'ETHUSDT' }]);
    expect(loadConfig(home({}), null).watchlist).toBeNull();
    expect(() => loadConfig(home({ watchlist: ['ETH'] }), null)).toThrow(ConfigError);
  });
});
