import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../src/exchange/rest/facade.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonOf, nearBuyPrice, openOrdersOn, restWrites, runCli, startCliSim, type CliSim } from '../helpers/cli-commands-rig.js';

/**
 * Issue 20, the write commands. Description: `order place | cancel | cancel-all | close`,
 * `countdown arm | disarm`, `borrow`, `repay` print what they will send, then send it only with
 * `--yes` (stdin is never a terminal here): without it nothing reaches the exchange and the line
 * says why (exit 2). They go through the cockpit's checks (the instrument's rules, the order guards)
 * and its OrderService (one clientOid per order; an unknown result looked up by clientOid, never
 * resent). Setup: the embedded exchange on port 0, its REST access log and order events recorded;
 * the real CLI against it (UTADASH_SIM_URL). Run: each command; checked on the exchange's side.
 */

let rig: CliSim;
let api: ExchangeApi;

beforeAll(async () => {
  rig = await startCliSim('utadash-cli-write-');
  api = rig.api;
});

afterAll(async () => {
  await rig.close();
});

beforeEach(() => {
  rig.sim.faults.reset();
});

/** The open orders on the exchange (the test's own REST read). */
const openOrders = () => openOrdersOn(api);

/** The open positions of USDT futures (the test's own REST read). */
async function positions(): Promise<{ symbol: string; total?: string; size?: string; posSide: string }[]> {
  const data = (await api.position.getCurrent({ category: 'USDT-FUTURES' })) as { list: { symbol: string; total?: string; size?: string; posSide: string }[] };
  return data.list;
}

describe('without --yes and without a terminal nothing is sent', () => {
  it('order place: the summary, the reason, exit 2, and nothing reached the exchange', async () => {
    const writesBefore = restWrites(rig.requests).length;
    const eventsBefore = rig.orderEvents.length;
    const run = await runCli(['order', 'place', 'BTCUSDT', 'buy', '0.01', '90000'], rig.env);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('place buy 0.01 BTCUSDT @ 90000 on DEMO (sim 6000000001)\n  buy 0.01 BTC BTCUSDT @ 90000\n  USDT-FUTURES · limit · tif gtc\n');
    expect(run.stderr).toMatch(/\nutadash: order place: not sent: no terminal to confirm on \(stdin is not a TTY\) and no --yes; add --yes to send from a script\n$/);
    expect(restWrites(rig.requests)).toHaveLength(writesBefore);
    expect(rig.orderEvents).toHaveLength(eventsBefore);
    expect(await openOrders()).toEqual([]);
  });

  it('countdown arm and borrow: refused the same way, before anything connects', async () => {
    const writesBefore = restWrites(rig.requests).length;
    const arm = await runCli(['countdown', 'arm', '30'], rig.env);
    expect(arm.code).toBe(2);
    expect(arm.stderr).toContain('send: countdown-cancel-all countdown=30');
    expect(arm.stderr).toContain('no --yes');
    const borrow = await runCli(['borrow', 'USDT', 'BTC', '--pledge', '0.1'], rig.env);
    expect(borrow.code).toBe(2);
    expect(borrow.stderr).toContain('send: loan.borrow loanCoin=USDT pledgeCoin=BTC daily=FLEXIBLE pledgeAmount=0.1');
    expect(restWrites(rig.requests)).toHaveLength(writesBefore);
  });
});

describe('with --yes the write lands', () => {
  it('order place → orders → order cancel, by clientOid', async () => {
    const price = await nearBuyPrice(api, 'BTCUSDT');
    const placed = jsonOf<{ status: string; orderId: string; clientOid: string; sent: boolean }>(await runCli(['order', 'place', 'BTCUSDT', 'open-long', '0.01', price, '--yes', '--json'], rig.env));
    expect(placed).toMatchObject({ status: 'accepted', sent: true, error: null });
    const onExchange = (await openOrders()).find((o) => o.orderId === placed.orderId);
    expect(onExchange).toMatchObject({ clientOid: placed.clientOid, symbol: 'BTCUSDT', price, qty: '0.01' });
    const cancelled = await runCli(['order', 'cancel', placed.clientOid, '-y'], rig.env);
    expect(cancelled.code).toBe(0);
    expect(cancelled.stdout).toBe(`accepted order ${placed.orderId} clientOid ${placed.clientOid}\n`);
    expect(await openOrders()).toEqual([]);
  });

  it('order cancel-all --symbol cancels that symbol only', async () => {
    const ids: string[] = [];
    for (const [symbol, below] of [['BTCUSDT', 0], ['BTCUSDT', 10], ['ETHUSDT', 0]] as const) {
      const price = String(Number(await nearBuyPrice(api, symbol)) - below);
      const r = jsonOf<{ orderId: string }>(await runCli(['order', 'place', symbol, 'buy', '0.02', price, '-y', '--json'], rig.env));
      ids.push(r.orderId);
    }
    const run = await runCli(['order', 'cancel-all', '--symbol', 'BTCUSDT', '--yes', '--json'], rig.env);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('cancel every open USDT-FUTURES BTCUSDT order (2 open now)');
    const out = jsonOf<{ status: string; items: { orderId: string; status: string }[] }>(run);
    expect(out.status).toBe('accepted');
    expect(out.items.map((i) => i.orderId).sort()).toEqual([ids[0], ids[1]].sort());
    expect((await openOrders()).map((o) => o.orderId)).toEqual([ids[2]]);
    await api.trade.cancelSymbolOrder({ category: 'USDT-FUTURES', symbol: 'ETHUSDT' });
  });

  it('order close: half of a position, then the rest', async () => {
    expect((await runCli(['order', 'place', 'ETHUSDT', 'buy', '0.4', '-y'], rig.env)).code).toBe(0);
    const half = await runCli(['order', 'close', 'ETHUSDT', '--qty', '50%', '-y'], rig.env);
    expect(half.code).toBe(0);
    expect(half.stderr).toContain('Close 0.2 of ETHUSDT long 0.4 (50%) at market');
    expect(half.stderr).toContain('send: side=sell reduceOnly=yes');
    const left = (await positions()).find((p) => p.symbol === 'ETHUSDT');
    expect(left?.total ?? left?.size).toBe('0.2');
    expect((await runCli(['order', 'close', 'ETHUSDT', '--yes'], rig.env)).code).toBe(0);
    expect((await positions()).filter((p) => p.symbol === 'ETHUSDT')).toEqual([]);
    const none = await runCli(['order', 'close', 'ETHUSDT', '--yes'], rig.env);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^utadash: order close: no open USDT-FUTURES ETHUSDT position; nothing sent/);
  });

  it('countdown arm shows in status; disarm clears it', async () => {
    const writesBefore = restWrites(rig.requests).length;
    const armed = await runCli(['countdown', 'arm', '60', '--yes'], rig.env);
    expect(armed.code).toBe(0);
    expect(armed.stdout).toMatch(/^armed 60s: orders cancel at \S+Z unless renewed\n$/);
    expect(restWrites(rig.requests).slice(writesBefore).filter((l) => l.startsWith('POST /api/v3/trade/countdown-cancel-all 200'))).toHaveLength(1);
    const status = jsonOf<{ countdown: { state: string; secondsLeft: number } }>(await runCli(['status', '--json'], rig.env));
    expect(status.countdown.state).toBe('armed');
    expect(status.countdown.secondsLeft).toBeGreaterThan(0);
    expect(status.countdown.secondsLeft).toBeLessThanOrEqual(60);
    expect((await runCli(['countdown', 'disarm', '--yes'], rig.env)).code).toBe(0);
    expect(jsonOf<{ countdown: { state: string } }>(await runCli(['status', '--json'], rig.env)).countdown.state).toBe('off');
    expect((await runCli(['countdown', 'arm', '3', '--yes'], rig.env)).stderr).toContain('from 5 to 60');
  });

  it('countdown: a 429 (the 1/s allowance spent by another client) is waited out once; a second one fails with exit 1', async () => {
    const path = '/api/v3/trade/countdown-cancel-all';
    const calls = (from: number) => restWrites(rig.requests).slice(from).filter((l) => l.startsWith(`POST ${path} `)).map((l) => l.split(' ')[2]);
    let from = restWrites(rig.requests).length;
    rig.sim.faults.overLimit(path, 1);
    const armed = await runCli(['countdown', 'arm', '30', '--yes'], rig.env);
    expect(armed.code).toBe(0);
    expect(calls(from)).toEqual(['429', '200']);
    from = restWrites(rig.requests).length;
    rig.sim.faults.overLimit(path, 2);
    const refused = await runCli(['countdown', 'disarm', '--yes'], rig.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^utadash: countdown disarm: .*429|Too Many Requests/m);
    expect(calls(from)).toEqual(['429', '429']);
    expect((await runCli(['countdown', 'disarm', '--yes'], rig.env)).code).toBe(0);
  });

  it('borrow, then repay in part and in full', async () => {
    const borrowed = jsonOf<{ status: string; orderId: string }>(await runCli(['borrow', 'USDT', 'BTC', '--pledge', '0.1', '--yes', '--json'], rig.env));
    expect(borrowed.status).toBe('accepted');
    const loans = (await api.loan.getOngoing()) as { orderId: string; loanAmount: string }[];
    const loan = loans.find((l) => l.orderId === borrowed.orderId);
    expect(loan).toBeDefined();
    const part = await runCli(['repay', borrowed.orderId, '100', '--yes'], rig.env);
    expect(part.code).toBe(0);
    expect(part.stdout).toMatch(/^repaid 100 /);
    const full = jsonOf<{ status: string; repayUnlockAmount: string }>(await runCli(['repay', borrowed.orderId, '--unlock', '--yes', '--json'], rig.env));
    expect(full).toMatchObject({ status: 'accepted', repayUnlockAmount: '0.1' });
    expect(((await api.loan.getOngoing()) as unknown[]).length).toBe(0);
  });

  it('the audit log holds every write the commands sent, and no secret', () => {
    const audit = readFileSync(join(rig.home, 'state', 'utadash', 'audit.ndjson'), 'utf8');
    const lines = audit.trim().split('\n').map((l) => JSON.parse(l) as { event: string; op: string });
    expect(lines.some((l) => l.event === 'sent' && /place-order|placeOrder/.test(l.op))).toBe(true);
    expect(lines.some((l) => l.event === 'sent' && l.op === 'trade.countdownCancelAll')).toBe(true);
    expect(lines.some((l) => l.event === 'sent' && l.op === 'loan.borrow')).toBe(true);
    expect(audit).not.toContain(rig.sim.secret);
    expect(audit).not.toContain(rig.sim.passphrase);
  });
});

describe("the cockpit's checks refuse before sending", () => {
  it('a price off the tick is refused by the instrument rules (exit 1), nothing sent', async () => {
    const writesBefore = restWrites(rig.requests).length;
    const eventsBefore = rig.orderEvents.length;
    const run = await runCli(['order', 'place', 'BTCUSDT', 'buy', '0.01', `${await nearBuyPrice(api, 'BTCUSDT')}.123456`, '--yes'], rig.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^utadash: order place: not sent: .*price/m);
    expect(restWrites(rig.requests)).toHaveLength(writesBefore);
    expect(rig.orderEvents).toHaveLength(eventsBefore);
  });

  it('a guard warning (price far from the mark) needs --force with --yes', async () => {
    const eventsBefore = rig.orderEvents.length;
    const run = await runCli(['order', 'place', 'BTCUSDT', 'buy', '0.01', '50000', '--yes'], rig.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/warning: limit 50000 is \d+(\.\d)?% below mark/);
    expect(run.stderr).toContain('add --force to send anyway');
    expect(rig.orderEvents).toHaveLength(eventsBefore);
    const forced = jsonOf<{ status: string; orderId: string }>(await runCli(['order', 'place', 'BTCUSDT', 'buy', '0.01', '50000', '--yes', '--force', '--json'], rig.env));
    expect(forced.status).toBe('accepted');
    await api.trade.cancelSymbolOrder({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
  });
});

describe('a result that is unknown is looked up by clientOid, never resent', () => {
  it('placed despite the unknown reply: found by the lookup, exit 0, one order on the exchange', async () => {
    rig.sim.faults.unknownResult({ code: '40010', placed: true });
    const run = await runCli(['order', 'place', 'BTCUSDT', 'buy', '0.01', await nearBuyPrice(api, 'BTCUSDT'), '--yes', '--json', '--verbose'], rig.env);
    expect(run.code).toBe(0);
    const out = jsonOf<{ status: string; orderId: string; clientOid: string }>(run);
    expect(out.status).toBe('accepted');
    expect(run.stderr).toContain('looking it up by clientOid, not resending');
    const mine = (await openOrders()).filter((o) => o.clientOid === out.clientOid);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.orderId).toBe(out.orderId);
    await api.trade.cancelSymbolOrder({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
  });

  it('not placed and not yet provable: exit 3 after the lookups, nothing resent', async () => {
    rig.sim.faults.unknownResult({ code: '40010', placed: false });
    const eventsBefore = rig.orderEvents.length;
    const run = await runCli(['order', 'place', 'BTCUSDT', 'buy', '0.01', await nearBuyPrice(api, 'BTCUSDT'), '--yes', '--json'], rig.env);
    expect(run.code).toBe(3);
    expect(jsonOf<{ status: string }>(run).status).toBe('unknown');
    expect(run.stderr).toMatch(/result unknown after reconciliation .*check `utadash orders` before repeating \(clientOid \S+\)/);
    expect(rig.orderEvents).toHaveLength(eventsBefore);
    expect(await openOrders()).toEqual([]);
  });
});
