import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../src/exchange/rest/facade.js';
import { cliEnv, jsonOf, runCli, startCliSim, type CliRun, type CliSim } from '../helpers/cli-commands-rig.js';
import { unusedPort } from '../helpers/ws-test-server.js';

/**
 * Issue 20, the read commands and the conventions. Description: `utadash status`, `positions`,
 * `orders`, `account`, `loans`, `book`, `ticker` answer once and exit, as a table, `--json` (stable
 * field names, decimals as strings) and `--csv`; profiles, `--demo`, `--help` per command, exit
 * codes and one-line errors; shell completion. Setup: the embedded exchange on port 0 with a
 * resting order, a position and a loan placed over REST by the test; the real CLI against it
 * (UTADASH_SIM_URL, or a profile naming it). Run: one command per case; `--json` parsed back and
 * compared with what the test placed.
 */

let rig: CliSim;
let api: ExchangeApi;
let restingOrderId = '';
let loanOrderId = '';

beforeAll(async () => {
  rig = await startCliSim('utadash-cli-read-');
  api = rig.api;
  const resting = (await api.trade.placeOrder({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '90000', clientOid: 'test-resting-1' })) as { orderId: string };
  restingOrderId = resting.orderId;
  await api.trade.placeOrder({ category: 'USDT-FUTURES', symbol: 'ETHUSDT', side: 'buy', orderType: 'market', qty: '0.5', clientOid: 'test-position-1' });
  const loan = (await api.loan.borrow({ loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', pledgeAmount: '0.1' })) as { orderId: string };
  loanOrderId = loan.orderId;
});

afterAll(async () => {
  await rig.close();
});

/** Exit 2 (or `code`) with exactly one stderr line containing `text`, nothing on stdout. */
function expectOneLineError(run: CliRun, code: number, text: string): void {
  expect(run.code).toBe(code);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(/^utadash: [^\n]+\n$/);
  expect(run.stderr).toContain(text);
}

describe('status', () => {
  it('prints one short line with the mode, the risk figures and the countdown', async () => {
    const run = await runCli(['status'], rig.env);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^DEMO Eq \S+ uPnL \S+ Mgn \S+ Liq .+ Loan \S+ DMS off\n$/);
    expect(run.stderr).toBe('');
  });

  it('--json carries every figure with decimals as strings: the position, the loan, the countdown', async () => {
    const s = jsonOf<Record<string, unknown> & { worstLoan: Record<string, unknown> | null; countdown: Record<string, unknown> }>(await runCli(['status', '--json'], rig.env));
    expect(s).toMatchObject({ mode: 'DEMO', account: 'sim 6000000001', marginLevel: null, countdown: { state: 'off', secondsLeft: 0 } });
    expect(s.equity).toMatch(/^\d+(\.\d+)?$/);
    expect(s.unrealisedPnl).toMatch(/^-?\d+(\.\d+)?$/);
    expect(s.worstLoan).toMatchObject({ orderId: loanOrderId, loanCoin: 'USDT', pledgeCoin: 'BTC' });
    expect(s.worstLoan?.ratio).toMatch(/^0\.\d+$/);
  });

  it('loads nothing of Ink, React, the dashboard, undici or the embedded exchange (the sources, every module it resolves recorded)', async () => {
    const log = join(rig.home, 'modules.log');
    const hook = fileURLToPath(new URL('../helpers/module-trace.mjs', import.meta.url));
    const run = await runCli(['status'], { ...rig.env, UTADASH_FROM_SOURCE: '1', UTADASH_TEST_MODULE_LOG: log, NODE_OPTIONS: `--import ${hook}` });
    expect(run.code).toBe(0);
    const modules = readFileSync(log, 'utf8').split('\n');
    // The record works: the command's own modules and the REST client's are in it.
    expect(modules.some((m) => m.endsWith('/src/cli/commands/status.ts'))).toBe(true);
    expect(modules.some((m) => m.endsWith('/src/exchange/rest/node-http-transport.ts'))).toBe(true);
    // Commands talk through Node's own http: undici's package index cost ~45 ms to load. The
    // exchange here runs in the test (UTADASH_SIM_URL), so none of its code is the command's.
    expect(modules.filter((m) => /\/node_modules\/(ink|react|react-reconciler|yoga-layout|undici)\/|\/src\/cli\/main\.ts$|\/src\/ui\/(hooks|panels|components)\/|\/src\/sim\/(engine|server|market)\//.test(m))).toEqual([]);
  });

  it('signs with the local clock, and still answers when the exchange clock is a minute ahead (40008, then measured)', async () => {
    rig.sim.faults.clockSkew(60_000);
    try {
      const run = await runCli(['status', '--json'], rig.env);
      expect(run.code).toBe(0);
      expect(rig.requests.some((l) => / 400 40008\b/.test(l))).toBe(true);
      expect(jsonOf<{ mode: string }>(run).mode).toBe('DEMO');
    } finally {
      rig.sim.faults.clockSkew(0);
    }
  });

  it('--csv is a header and one row; --tmux styles the line for a tmux status bar', async () => {
    const csv = await runCli(['status', '--csv'], rig.env);
    const [header, row, extra] = csv.stdout.split('\n');
    expect(header).toBe('mode,equity,unrealisedPnl,marginRatio,liqSymbol,liqPosSide,liqDistance,loanOrderId,loanRatio,loanMarginCall,loanLiquidation,countdownState,countdownSecondsLeft');
    expect(row).toMatch(new RegExp(`^DEMO,\\d+(\\.\\d+)?,.*,${loanOrderId},0\\.\\d+,.*,off,0$`));
    expect(extra).toBe('');
    const tmux = await runCli(['status', '--tmux'], rig.env);
    expect(tmux.code).toBe(0);
    expect(tmux.stdout.split('\n')).toHaveLength(2);
  });
});

describe('read commands', () => {
  it('positions --json: the position the test opened, every field, decimals as strings', async () => {
    const list = jsonOf<Record<string, unknown>[]>(await runCli(['positions', '--json'], rig.env));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ category: 'USDT-FUTURES', symbol: 'ETHUSDT', posSide: 'long', size: '0.5', holdMode: 'one_way_mode' });
    expect(Object.keys(list[0] ?? {})).toEqual(['category', 'symbol', 'posSide', 'holdMode', 'marginMode', 'marginCoin', 'size', 'available', 'avgPrice', 'markPrice', 'liqPrice', 'unrealisedPnl', 'leverage', 'margin', 'takeProfit', 'stopLoss', 'updatedTime']);
    expect(list[0]?.avgPrice).toMatch(/^\d+(\.\d+)?$/);
  });

  it('positions as a table and as CSV', async () => {
    const table = await runCli(['positions'], rig.env);
    expect(table.stdout.split('\n')[0]).toMatch(/^symbol\s+side\s+margin\s+size\s+entry\s+mark\s+liq\s+uPnL\s+lev\s+TP\s+SL$/);
    expect(table.stdout).toMatch(/\nETHUSDT\s+long\s+crossed\s+0\.5\s/);
    const csv = await runCli(['positions', '--csv'], rig.env);
    expect(csv.stdout.split('\n')[1]).toMatch(/^USDT-FUTURES,ETHUSDT,long,one_way_mode,crossed,USDT,0\.5,0\.5,/);
  });

  it('orders --json lists the resting order; a scope with none prints []', async () => {
    const list = jsonOf<Record<string, unknown>[]>(await runCli(['orders', '--json'], rig.env));
    expect(list.find((o) => o.orderId === restingOrderId)).toMatchObject({ clientOid: 'test-resting-1', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '90000', qty: '0.01', cumExecQty: '0', status: 'new' });
    expect(jsonOf<unknown[]>(await runCli(['orders', '--symbol', 'SPOT:ETHUSDT', '--json'], rig.env))).toEqual([]);
    const none = await runCli(['orders', '--category', 'spot'], rig.env);
    expect(none.stdout).toBe('no open orders\n');
  });

  it('account --json: the figures and the coins; --csv the coins', async () => {
    const a = jsonOf<{ equity: string; assets: { coin: string; balance: string }[] }>(await runCli(['account', '--json'], rig.env));
    expect(a.equity).toMatch(/^\d+(\.\d+)?$/);
    expect(a.assets.find((c) => c.coin === 'ETH')?.balance).toBe('20');
    const csv = await runCli(['account', '--csv'], rig.env);
    expect(csv.stdout.split('\n')[0]).toBe('coin,equity,balance,available,locked,debt,usdValue');
    expect(csv.stdout).toMatch(/\nETH,20,20,20,0,0,\d/);
  });

  it('loans --json: the loan the test took, ratios as fractions', async () => {
    const list = jsonOf<Record<string, unknown>[]>(await runCli(['loans', '--json'], rig.env));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ orderId: loanOrderId, loanCoin: 'USDT', pledgeCoin: 'BTC', pledgeAmount: '0.1' });
    expect(list[0]?.supRate).toMatch(/^0\.\d+$/);
  });

  it('book --json: asks rising, bids falling, at most --depth a side', async () => {
    const b = jsonOf<{ symbol: string; asks: { price: string; size: string }[]; bids: { price: string; size: string }[] }>(await runCli(['book', 'BTCUSDT', '--depth', '5', '--json'], rig.env));
    expect(b.symbol).toBe('BTCUSDT');
    expect(b.asks.length).toBeGreaterThan(0);
    expect(b.asks.length).toBeLessThanOrEqual(5);
    expect(b.bids.length).toBeLessThanOrEqual(5);
    const asks = b.asks.map((l) => new Decimal(l.price));
    expect(asks.every((p, i) => i === 0 || p.gt(asks[i - 1] ?? p))).toBe(true);
    expect(new Decimal(b.bids[0]?.price ?? '0').lt(b.asks[0]?.price ?? '0')).toBe(true);
  });

  it('ticker --json and --csv of a spot pair', async () => {
    const t = jsonOf<Record<string, string | null>>(await runCli(['ticker', 'SPOT:BTCUSDT', '--json'], rig.env));
    expect(t).toMatchObject({ category: 'SPOT', symbol: 'BTCUSDT', markPrice: null });
    expect(t.lastPrice).toMatch(/^\d+(\.\d+)?$/);
    const csv = await runCli(['ticker', 'spot:btcusdt', '--csv'], rig.env);
    expect(csv.stdout).toMatch(/^category,symbol,lastPrice,.*\nSPOT,BTCUSDT,\d/);
  });
});

describe('conventions', () => {
  it('a bad command line is one line on stderr and exit 2', async () => {
    expectOneLineError(await runCli(['status', '--bogus'], rig.env), 2, 'status: unknown option "--bogus" (see utadash status --help)');
    expectOneLineError(await runCli(['ticker'], rig.env), 2, 'ticker: missing [CATEGORY:]SYMBOL');
    expectOneLineError(await runCli(['orders', '--json', '--csv'], rig.env), 2, '--json and --csv exclude each other');
    expectOneLineError(await runCli(['order'], rig.env), 2, 'order: name what to do: place, cancel, cancel-all, close');
  });

  it('the exchange refusing is exit 1; the exchange unreachable is exit 4', async () => {
    expectOneLineError(await runCli(['ticker', 'NOSUCHUSDT'], rig.env), 1, 'NOSUCHUSDT');
    // A port nothing listens on: connection refused.
    const url = `http://127.0.0.1:${await unusedPort()}`;
    expectOneLineError(await runCli(['positions'], cliEnv(rig.home, { UTADASH_SIM_URL: url })), 4, 'positions');
  });

  it('without keys a command refuses (exit 2) unless --demo, which starts the embedded exchange for its life', async () => {
    const home = mkdtempSync(join(tmpdir(), 'utadash-cli-nokeys-'));
    try {
      const env = cliEnv(home);
      expectOneLineError(await runCli(['status'], env), 2, 'no API keys configured');
      const demo = await runCli(['account', '--demo', '--seed', '3', '--json'], env);
      expect(demo.code).toBe(0);
      expect(jsonOf<{ assets: { coin: string; balance: string }[] }>(demo).assets.find((c) => c.coin === 'USDT')?.balance).toBe('100000');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('--profile picks a profile of the config file; a refused key prints no secret', async () => {
    const { sim } = rig;
    rig.writeConfig({
      profiles: {
        simx: { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase, restUrl: sim.rest },
        wrong: { apiKey: sim.apiKey, secret: 'not-the-secret-4711', passphrase: 'not-the-passphrase-4711', restUrl: sim.rest },
      },
    });
    try {
      const s = jsonOf<{ mode: string; account: string }>(await runCli(['status', '--profile', 'simx', '--json'], rig.env));
      expect(s).toMatchObject({ mode: 'LIVE', account: 'simx' });
      const refused = await runCli(['positions', '--profile', 'wrong'], rig.env);
      expectOneLineError(refused, 1, 'positions');
      expect(refused.stderr).not.toContain('not-the-secret-4711');
      expect(refused.stderr).not.toContain('not-the-passphrase-4711');
      expectOneLineError(await runCli(['status', '--profile', 'nope'], rig.env), 2, 'no profile "nope"');
    } finally {
      rig.writeConfig({});
    }
  });

  it('--help per command names its usage and the exit codes; help lists every command', async () => {
    const place = await runCli(['order', 'place', '--help'], rig.env);
    expect(place.code).toBe(0);
    expect(place.stdout).toContain('Usage: utadash order place [CATEGORY:]SYMBOL SIDE QTY [PRICE]');
    expect(place.stdout).toContain('--yes, -y');
    expect(place.stdout).toContain('3  result unknown after reconciliation');
    const status = await runCli(['status', '-h'], rig.env);
    expect(status.stdout).toContain("set -g status-right '#(utadash status --tmux)'");
    const all = await runCli(['help'], rig.env);
    for (const word of ['status', 'positions', 'orders', 'account', 'loans', 'book', 'ticker', 'order place', 'order cancel-all', 'countdown arm', 'borrow', 'repay', 'watch', 'journal export', 'journal stats', 'completion']) expect(all.stdout).toContain(word);
    const journal = await runCli(['help', 'journal'], rig.env);
    expect(journal.code).toBe(0);
    expect(journal.stdout).toContain('utadash journal stats  [--by symbol|day|week]');
  });
});

describe('shell completion', () => {
  /** Sources the bash script and completes `words` (the last one being typed). */
  function completeBash(script: string, words: readonly string[]): string[] {
    const dir = mkdtempSync(join(tmpdir(), 'utadash-completion-'));
    try {
      writeFileSync(join(dir, 'c.bash'), script);
      const quoted = words.map((w) => `'${w}'`).join(' ');
      const r = spawnSync('bash', ['-c', `source ${join(dir, 'c.bash')}; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _utadash; printf '%s\\n' "\${COMPREPLY[@]}"`], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      return r.stdout.split('\n').filter((l) => l !== '');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('bash completes commands, subcommands, flags and flag values', async () => {
    const run = await runCli(['completion', 'bash'], rig.env);
    expect(run.code).toBe(0);
    expect(spawnSync('bash', ['-n'], { input: run.stdout }).status).toBe(0);
    expect(completeBash(run.stdout, ['utadash', 'po'])).toEqual(['positions']);
    expect(completeBash(run.stdout, ['utadash', 'order', 'c'])).toEqual(['cancel', 'cancel-all', 'close']);
    expect(completeBash(run.stdout, ['utadash', 'order', 'place', 'BTCUSDT', 'buy', '1', '--t'])).toEqual(['--tif', '--tp', '--trigger-by']);
    expect(completeBash(run.stdout, ['utadash', 'order', 'place', '--tif', ''])).toEqual(['gtc', 'ioc', 'fok', 'post_only']);
    expect(completeBash(run.stdout, ['utadash', 'status', '--t'])).toEqual(['--tmux']);
    // The journal: its subcommands, its own flags (no exchange flags) and their values.
    expect(completeBash(run.stdout, ['utadash', 'jo'])).toEqual(['journal']);
    expect(completeBash(run.stdout, ['utadash', 'journal', ''])).toEqual(['export', 'stats']);
    expect(completeBash(run.stdout, ['utadash', 'journal', 'export', '--f'])).toEqual(['--from', '--format']);
    expect(completeBash(run.stdout, ['utadash', 'journal', 'export', '--kind', ''])).toEqual(['fills', 'funding', 'loans', 'equity', 'orders']);
    expect(completeBash(run.stdout, ['utadash', 'journal', 'stats', '--by', 'w'])).toEqual(['week']);
    expect(completeBash(run.stdout, ['utadash', 'help', 'jo'])).toEqual(['journal']);
  });

  it('zsh gets a compdef function; an unknown shell is exit 2', async () => {
    const run = await runCli(['completion', 'zsh'], rig.env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('compdef _utadash utadash');
    expect(run.stdout).toContain("'order place') flags=(");
    expectOneLineError(await runCli(['completion', 'fish'], rig.env), 2, 'completion: name the shell: bash or zsh (got "fish")');
  });
});
