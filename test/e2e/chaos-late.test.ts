/**
 * Issue 16 chaos suite: the faults that put an order on the exchange while the client cannot know —
 * execute-then-5xx, execute-then-drop (REST and socket, the socket one with a reconnect), late
 * delivery within and past the exchange's 30 s acceptance window (REST and socket, one with a
 * reconnect while held), a re-send while the first is unknown with its lookups blocked by 503s, an
 * unknown result on a batch placement and a partly accepted batch.
 * Setup: `startChaosRig` with short client deadlines (1.5 s REST, 1.5 s socket reply): the exchange
 * on 127.0.0.1 port 0 and the client on one manual clock, so a 19 s late delivery or the acceptance
 * window passes by `advanceClock`, not by waiting. Orders are entered with keys on the whole
 * dashboard; batches through the trading service.
 * Run: after each fault the total-count invariant holds — the orders the exchange created are
 * exactly the orders the trader confirmed that the exchange received, none extra whatever their
 * clientOid — no order is ever shown "not placed" while the exchange has it, the store equals the
 * exchange and no clientOid was sent twice.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRequest } from '../../src/services/order-request.js';
import {
  advanceClock,
  advanceUntil,
  bestBid,
  executionsOf,
  expectInvariants,
  expectTotalCount,
  frameMark,
  logged,
  reviewLimitBuy,
  sendReviewed,
  statusLine,
  submissionOf,
  submissionsOf,
  waitForFrameSince,
  waitForHealthyStatus,
  whenPrivateDown,
} from '../helpers/chaos-checks.js';
import { startChaosRig, type ChaosRig } from '../helpers/chaos-rig.js';
import { waitFor } from '../helpers/wait-for.js';

const SYMBOL = 'BTCUSDT';

let rig: ChaosRig;
let nextPrice = 0;
/** clientOids ever shown "not placed" while the exchange had created them (must stay empty). */
const falseVerdicts: string[] = [];

function restingPrice(): Decimal {
  nextPrice += 1;
  return bestBid(rig).mul(0.9).floor().minus(nextPrice);
}

function stateOf(clientOid: string): string | undefined {
  return rig.session.store.getState().orders.submissions[clientOid]?.state;
}

/** Enters and sends one resting limit buy with keys; resolves with its label and clientOid once it is sent. */
async function placeWithKeys(): Promise<{ label: string; clientOid: string; mark: number }> {
  const price = restingPrice();
  const label = `buy 0.01 ${SYMBOL} @ ${price.toFixed()}`;
  await reviewLimitBuy(rig, price, '0.01');
  const mark = frameMark(rig);
  await sendReviewed(rig);
  const clientOid = await waitFor(() => submissionOf(rig, label));
  return { label, clientOid, mark };
}

/** Waits until the order is shown unknown on screen and in the status bar, and the first lookups found nothing. */
async function expectShownUnknown(o: { label: string; mark: number }): Promise<void> {
  await waitForFrameSince(rig, o.mark, new RegExp(`\\? result unknown — checking: ${o.label.replace(/\./g, '\\.')}`));
  await waitForFrameSince(rig, o.mark, /\? 1 unknown/);
}

beforeAll(async () => {
  rig = await startChaosRig(31, { restTimeoutMs: 1500, tradeReplyTimeoutMs: 1500 });
  rig.session.store.subscribe((s, prev) => {
    if (s.orders.submissions === prev.orders.submissions) return;
    for (const sub of Object.values(s.orders.submissions)) {
      if (sub.state === 'rejected' && prev.orders.submissions[sub.clientOid]?.state !== 'rejected' && rig.created.includes(sub.clientOid)) falseVerdicts.push(sub.clientOid);
    }
  });
  await expectInvariants(rig);
});

afterAll(async () => {
  expect(falseVerdicts).toEqual([]);
  await rig?.close();
});

describe('chaos: orders the exchange took while the client could not know (socket path)', () => {
  it('execute-then-drop on the socket: the order ran, the socket died without a reply; shown unknown, confirmed after the reconnect, one order', async () => {
    const from = rig.created.length;
    rig.sim.faults.executeThenDrop({ transport: 'socket' });
    const down = whenPrivateDown(rig.session);
    const o = await placeWithKeys();
    await down;
    await waitFor(() => logged(rig, 'confirmed', o.label), () => rig.app.frame());
    expect(stateOf(o.clientOid)).toBe('accepted');
    expect(submissionsOf(rig, o.clientOid)).toBe(1);
    expectTotalCount(rig, from, [o.clientOid]);
    await waitForHealthyStatus(rig);
    await expectInvariants(rig);
  });

  it('a socket frame delivered 19 s late (past the 1.5 s reply deadline and the first lookups): unknown, never "not placed", confirmed when it runs', async () => {
    const from = rig.created.length;
    rig.sim.faults.deliverLate({ ms: 19_000, transport: 'socket' });
    const o = await placeWithKeys();
    await expectShownUnknown(o);
    // The first lookups run on the clock: moved forward rather than waited out (the hold is 19 s).
    await advanceUntil(rig, () => logged(rig, o.label, 'still unknown'), () => rig.app.frame());
    expect(rig.created.slice(from)).toEqual([]);
    await advanceClock(rig, 20_000);
    await waitFor(() => stateOf(o.clientOid) === 'accepted', () => rig.app.frame());
    // The ticket's outcome follows the submission; the status bar count goes.
    await waitForFrameSince(rig, o.mark, /accepted \(after checking\)/);
    await waitFor(() => !statusLine(rig).includes('unknown'), () => statusLine(rig));
    expectTotalCount(rig, from, [o.clientOid]);
    expect(submissionsOf(rig, o.clientOid)).toBe(1);
    await expectInvariants(rig);
  });

  it('a socket frame held 10 s while the socket drops and reconnects: it still runs; confirmed through the new socket or a lookup', async () => {
    const from = rig.created.length;
    rig.sim.faults.deliverLate({ ms: 10_000, transport: 'socket' });
    const o = await placeWithKeys();
    await expectShownUnknown(o);
    const down = whenPrivateDown(rig.session);
    rig.sim.faults.dropSockets('private');
    await down;
    await waitForHealthyStatus(rig);
    expect(stateOf(o.clientOid)).toBe('unknown');
    await advanceClock(rig, 11_000);
    await waitFor(() => stateOf(o.clientOid) === 'accepted', () => rig.app.frame());
    expectTotalCount(rig, from, [o.clientOid]);
    await expectInvariants(rig);
  });

  it('the same order again while the first is unknown and its lookups fail with 503: refused with the reason; one order at most', async () => {
    const from = rig.created.length;
    rig.sim.faults.unknownResult({ code: '40010', placed: false });
    const o = await placeWithKeys();
    rig.sim.faults.httpErrors(1_000_000, 503);
    try {
      await expectShownUnknown(o);
      // The trader tries the identical order again: review, y.
      const price = o.label.split(' @ ')[1] ?? '';
      await reviewLimitBuy(rig, new Decimal(price), '0.01');
      await sendReviewed(rig);
      await waitFor(() => logged(rig, 'not sent: the same order', o.label, 'is unknown'), () => rig.app.frame());
      await waitForFrameSince(rig, o.mark, /not sent: the same order/);
      expect(Object.values(rig.session.store.getState().orders.submissions).filter((s) => s.label === o.label)).toHaveLength(1);
    } finally {
      rig.sim.faults.httpErrors(0);
    }
    await advanceClock(rig, 40_000);
    await waitFor(() => stateOf(o.clientOid) === 'rejected', () => rig.app.frame());
    expect(logged(rig, o.label, 'was not placed')).toBe(true);
    expectTotalCount(rig, from, []);
    expect(executionsOf(rig, o.clientOid)).toBe(0);
    await expectInvariants(rig);
  });
});

describe('chaos: orders the exchange took while the client could not know (REST path)', () => {
  beforeAll(() => {
    // The socket refuses the category before anything runs: orders go over REST from here on.
    rig.sim.faults.refuseSocketTrade(['usdt-futures']);
  });

  it('execute-then-5xx: the order ran and the reply was a 500; shown unknown, confirmed by clientOid, one order', async () => {
    const from = rig.created.length;
    rig.sim.faults.executeThenFail({ status: 500 });
    const o = await placeWithKeys();
    await waitFor(() => logged(rig, 'confirmed', o.label), () => rig.app.frame());
    expect(logged(rig, 'result unknown', o.clientOid, 'HTTP 500')).toBe(true);
    expect(rig.proxy.placements.find((p) => p.clientOids.includes(o.clientOid))).toMatchObject({ status: 500 });
    expectTotalCount(rig, from, [o.clientOid]);
    await expectInvariants(rig);
  });

  it('execute-then-drop over REST: the connection died after the order ran; confirmed, one order', async () => {
    const from = rig.created.length;
    rig.sim.faults.executeThenDrop({ transport: 'rest' });
    const o = await placeWithKeys();
    await waitFor(() => logged(rig, 'confirmed', o.label), () => rig.app.frame());
    expectTotalCount(rig, from, [o.clientOid]);
    await expectInvariants(rig);
  });

  it('a REST request delivered 19 s late (inside the 30 s window): unknown until it runs, then confirmed; never "not placed"', async () => {
    const from = rig.created.length;
    rig.sim.faults.deliverLate({ ms: 19_000, transport: 'rest' });
    const o = await placeWithKeys();
    await expectShownUnknown(o);
    // The first lookups run on the clock: moved forward rather than waited out (the hold is 19 s).
    await advanceUntil(rig, () => logged(rig, o.label, 'still unknown'), () => rig.app.frame());
    await advanceClock(rig, 20_000);
    await waitFor(() => stateOf(o.clientOid) === 'accepted', () => rig.app.frame());
    expectTotalCount(rig, from, [o.clientOid]);
    await expectInvariants(rig);
  });

  it('a REST request delivered 40 s late (past the window): refused 40008 on arrival, unknown until the window passed, then not placed', async () => {
    const from = rig.created.length;
    const log = rig.accessLog.length;
    rig.sim.faults.deliverLate({ ms: 40_000, transport: 'rest' });
    const o = await placeWithKeys();
    await expectShownUnknown(o);
    // At 30 s the exchange could still take it: the submission stays unknown.
    await advanceClock(rig, 30_000);
    expect(stateOf(o.clientOid)).toBe('unknown');
    await advanceClock(rig, 12_000);
    await waitFor(() => rig.accessLog.slice(log).some((l) => /place-order .*40008/.test(l)), () => rig.accessLog.slice(log).join('\n'));
    await waitFor(() => stateOf(o.clientOid) === 'rejected', () => rig.app.frame());
    expectTotalCount(rig, from, []);
    await expectInvariants(rig);
  });
});

describe('chaos: batch placements', () => {
  const rungs = (n: number): OrderRequest[] =>
    Array.from({ length: n }, () => ({ category: 'USDT-FUTURES', symbol: SYMBOL, side: 'buy', orderType: 'limit', price: restingPrice().toFixed(), qty: '0.01' }) as const);

  it('an unknown result on a batch that ran: each order found by its clientOid, every one confirmed, three orders', async () => {
    const trading = rig.session.services.trading;
    if (!trading) throw new Error('no trading service');
    const from = rig.created.length;
    rig.sim.faults.unknownResult({ code: '40725', placed: true, scope: 'batch' });
    const out = await trading.submitBatch(rungs(3));
    expect(out.items.map((i) => i.status)).toEqual(['accepted', 'accepted', 'accepted']);
    expectTotalCount(rig, from, out.items.map((i) => i.clientOid));
    await expectInvariants(rig);
  });

  it('an unknown result on a batch that did not run: unknown until the window passed, then each not placed; none on the exchange', async () => {
    const trading = rig.session.services.trading;
    if (!trading) throw new Error('no trading service');
    const from = rig.created.length;
    rig.sim.faults.unknownResult({ code: '45001', placed: false, scope: 'batch' });
    // The call resolves after its first lookups, which run on the clock: moved forward, not waited out.
    const pending = trading.submitBatch(rungs(2));
    let settled = false;
    void pending.finally(() => {
      settled = true;
    });
    await advanceUntil(rig, () => settled, () => 'submitBatch to resolve after its first lookups');
    const out = await pending;
    expect(out.status).toBe('unknown');
    expect(out.items.map((i) => i.status)).toEqual(['unknown', 'unknown']);
    await advanceClock(rig, 40_000);
    await waitFor(() => out.items.every((i) => stateOf(i.clientOid) === 'rejected'), () => JSON.stringify(out.items.map((i) => stateOf(i.clientOid))));
    expectTotalCount(rig, from, []);
    await expectInvariants(rig);
  });

  it('a batch accepted in part: the refused order carries its code, the others are placed; two orders', async () => {
    const trading = rig.session.services.trading;
    if (!trading) throw new Error('no trading service');
    const from = rig.created.length;
    rig.sim.faults.partialBatch({ failIndexes: [1] });
    const out = await trading.submitBatch(rungs(3));
    expect(out.items.map((i) => i.status)).toEqual(['accepted', 'rejected', 'accepted']);
    expect(out.items[1]?.error).toContain('25202');
    expectTotalCount(rig, from, [out.items[0]?.clientOid ?? '', out.items[2]?.clientOid ?? '']);
    await expectInvariants(rig);
  });
});
