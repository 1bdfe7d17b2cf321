/**
 * Description: a property test of placement reconciliation (issue 16): seeded random fault schedules
 * over many orders, over REST and the private socket, asserting the total-count invariant — the
 * orders on the exchange are exactly the orders utadash shows as placed, one per confirmed order at
 * most, none extra whatever their clientOid — and that no order is ever shown "not placed" while the
 * exchange has it.
 * Setup: `startOrderRig` — the embedded exchange on 127.0.0.1 port 0 (market agents stopped) and a
 * real RestClient, StreamClient (order stream into the store), WsTrade and two OrderServices (socket
 * first, REST only), all on one manual clock; short client deadlines so a late reply becomes
 * "unknown" quickly.
 * Run: rounds of concurrent orders, each round under a few random faults (unknown results placed or
 * not, execute-then-5xx, execute-then-drop on either path, late delivery within and past the 30 s
 * window on either path, 503 runs that block lookups, socket drops, slow replies); after each round
 * the clock passes the acceptance window and every submission settles. `RECONCILE_SEED` and
 * `RECONCILE_ORDERS` repeat or widen a run (the closing note's 100-order run uses
 * `RECONCILE_ORDERS=100`); `RECONCILE_DEBUG=1` prints the exchange's access log and the event log of every order
 * shown not placed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireList, wireString } from '../../src/exchange/wire/wire-values.js';
import type { OrderOutcome, OrderService } from '../../src/services/order-service.js';
import type { OrderRequest } from '../../src/services/order-request.js';
import { createRng } from '../../src/domain/rng.js';
import type { ManualClock } from '../helpers/sim-testing/manual-clock.js';
import type { SimHandle } from '../../src/sim/start-sim.js';
import type { AppStore } from '../../src/store/create-app-store.js';
import { startOrderRig, type OrderRig } from '../helpers/order-rig.js';
import { waitFor } from '../helpers/wait-for.js';

const SEED = Number(process.env.RECONCILE_SEED ?? 16);
const ORDERS = Number(process.env.RECONCILE_ORDERS ?? 32);
const PER_ROUND = 8;

let rig: OrderRig;
let clock: ManualClock;
let sim: SimHandle;
let store: AppStore;
let viaSocket: OrderService;
let viaRest: OrderService;
/** clientOid → orderId of every order the engine created (single and batch placements). */
const created = new Map<string, string>();
/** Orders shown "not placed" while the exchange had them (must stay empty). */
const falseVerdicts: string[] = [];
/** The exchange's access log. */
const simLog: string[] = [];

function record(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

beforeAll(async () => {
  rig = await startOrderRig({
    seed: SEED,
    simLog: (line) => simLog.push(line),
    restTimeoutMs: 700,
    tradeReplyTimeoutMs: 600,
    tuning: { backoff: { baseMs: 100, capMs: 300 }, random: () => 1, pingIntervalMs: 400, pongTimeoutMs: 2000 },
    prepare: (s) => {
      s.exchange.market.stop();
      const original = s.exchange.handle.bind(s.exchange);
      s.exchange.handle = (opId, uid, params) => {
        const out = original(opId, uid, params);
        if (opId === 'trade.placeOrder') created.set(wireString(record(params).clientOid), wireString(record(out).orderId));
        if (opId === 'trade.placeBatch') {
          for (const e of wireList(Array.isArray(out) ? out : record(out).list)) if (wireString(e.orderId) !== '') created.set(wireString(e.clientOid), wireString(e.orderId));
        }
        return out;
      };
    },
  });
  ({ clock, sim, store, viaSocket, viaRest } = rig);
  // Every "not placed" verdict is checked against the engine the moment it is shown.
  store.subscribe((s, prev) => {
    if (s.orders.submissions === prev.orders.submissions) return;
    for (const sub of Object.values(s.orders.submissions)) {
      if (sub.state === 'rejected' && prev.orders.submissions[sub.clientOid]?.state !== 'rejected' && created.has(sub.clientOid)) falseVerdicts.push(`${sub.clientOid}: ${sub.error ?? ''}`);
    }
  });
});

afterAll(async () => {
  await rig?.close();
});

/** Which faults a run draws from: `any` includes faults that keep the order from the exchange. */
type Menu = 'any' | 'received';

/** One random fault for a round (some hit lookups and reconnects too); `received` only those after which the exchange has the order. */
function scheduleFault(rng: ReturnType<typeof createRng>, menu: Menu): string {
  const f = sim.faults;
  const transport = rng.chance(0.5) ? 'rest' : 'socket';
  // A socket drop loses the frames written into the dead connection: not a `received` fault.
  const pick = menu === 'any' ? rng.int(0, 8) : ([0, 1, 2, 3, 6] as const)[rng.int(0, 4)];
  switch (pick) {
    case 0:
      f.unknownResult({ code: (['40010', '40725', '45001'] as const)[rng.int(0, 2)] ?? '40010', placed: menu === 'received' || rng.chance(0.5), count: rng.int(1, 2) });
      return 'unknownResult';
    case 1:
      f.executeThenFail({ count: rng.int(1, 2), status: rng.chance(0.5) ? 500 : 503 });
      return 'executeThenFail';
    case 2: {
      // A socket terminated after one order loses the frames queued behind it: REST only for `received`.
      const where = menu === 'received' ? 'rest' : transport;
      f.executeThenDrop({ count: 1, transport: where });
      return `executeThenDrop ${where}`;
    }
    case 3: {
      // Late within the window (executes when the clock passes it) or past it (REST: refused 40008).
      const ms = menu === 'received' || rng.chance(0.6) ? rng.int(2, 25) * 1000 : transport === 'rest' ? 40_000 : 20_000;
      f.deliverLate({ ms, count: rng.int(1, 2), transport });
      return `deliverLate ${ms} ${transport}`;
    }
    case 4:
      f.httpErrors(rng.int(2, 6), 503);
      return 'httpErrors';
    case 5:
      f.dropSockets('private');
      return 'dropSockets';
    case 6:
      f.delayReplies(rng.int(2, 9) * 100);
      return 'delayReplies';
    default:
      return 'none';
  }
}

let price = 1000;

/** Places `orders` orders in rounds under random faults; returns the confirmed clientOids, the orders the engine created for them, and the faults drawn. */
async function run(seed: number, orders: number, menu: Menu): Promise<{ confirmed: string[]; createdNow: string[]; faults: string[] }> {
  const rng = createRng(seed);
  const before = new Set(created.keys());
  const outcomes: OrderOutcome[] = [];
  const faults: string[] = [];
  for (let sent = 0; sent < orders; sent += PER_ROUND) {
    const n = Math.min(PER_ROUND, orders - sent);
    for (let k = rng.int(1, 3); k > 0; k -= 1) faults.push(scheduleFault(rng, menu));
    const round = Array.from({ length: n }, () => {
      price += 1;
      const request: OrderRequest = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: String(price), qty: '0.01' };
      return (rng.chance(0.5) ? viaSocket : viaRest).submitOrder(request);
    });
    outcomes.push(...(await Promise.all(round)));
    // Held deliveries arrive, then every acceptance window passes; faults left over are cleared.
    // Held deliveries arrive when their time comes: the clock moves a second at a time, and each
    // released request runs (in the microtasks after its sleep) before the next step — one turn of
    // the event loop, not a wait for time. A request held 25 s then runs 25-26 s after it was signed.
    for (let t = 0; t < 26; t += 1) {
      clock.advance(1000);
      await new Promise((resolve) => setImmediate(resolve));
    }
    sim.faults.reset();
    clock.advance(40_000);
    await waitFor(
      () => Object.values(store.getState().orders.submissions).every((s) => s.state !== 'unknown' && s.state !== 'sending'),
      () => JSON.stringify(Object.values(store.getState().orders.submissions).filter((s) => s.state === 'unknown' || s.state === 'sending')),
    );
  }
  // Every order the engine created reaches the store through the order stream.
  await waitFor(() => [...created.values()].every((id) => store.getState().orders.open[id] !== undefined), () => `missing ${[...created.values()].filter((id) => !store.getState().orders.open[id]).join(', ')}`);
  return { confirmed: outcomes.filter((o) => o.sent).map((o) => o.clientOid), createdNow: [...created.keys()].filter((oid) => !before.has(oid)), faults };
}

/** The invariants every run keeps; returns the counts. */
function expectReconciled(r: { confirmed: string[]; createdNow: string[]; faults: string[] }, orders: number, label: string): { confirmed: number; onExchange: number; shownPlaced: number; shownNotPlaced: number; auditVerdicts: number } {
  const subs = store.getState().orders.submissions;
  const shownPlaced = r.confirmed.filter((oid) => subs[oid]?.state === 'accepted');
  const counts = {
    confirmed: r.confirmed.length,
    onExchange: r.createdNow.length,
    shownPlaced: shownPlaced.length,
    shownNotPlaced: r.confirmed.filter((oid) => subs[oid]?.state === 'rejected').length,
    auditVerdicts: rig.reconciled.filter((e) => r.confirmed.includes(e.clientOid)).length,
  };
  console.info(`reconcile-property ${label}: ${JSON.stringify(counts)} faults: ${r.faults.join(', ')}`);
  const why = new Map<string, number>();
  for (const oid of r.confirmed) if (subs[oid]?.state === 'rejected') why.set(subs[oid]?.error ?? '', (why.get(subs[oid]?.error ?? '') ?? 0) + 1);
  if (why.size > 0) console.info(`not placed: ${JSON.stringify([...why])}`);
  if (process.env.RECONCILE_DEBUG) console.info(simLog.filter((l) => /held|40008|place-order|client closed/.test(l)).join('\n'));
  if (process.env.RECONCILE_DEBUG) for (const oid of r.confirmed) if (subs[oid]?.state === 'rejected') console.info(store.getState().ui.log.filter((e) => e.text.includes(oid) || e.text.includes(subs[oid]?.label ?? '@@')).map((e) => e.text).join('\n'));
  expect(r.confirmed).toHaveLength(orders);
  expect(falseVerdicts).toEqual([]);
  // None extra: every order on the exchange carries one of our confirmed clientOids, once.
  expect(r.createdNow.filter((oid) => !r.confirmed.includes(oid))).toEqual([]);
  // The exchange holds exactly the orders shown placed; every other one is shown not placed.
  expect([...r.createdNow].sort()).toEqual([...shownPlaced].sort());
  expect(counts.shownPlaced + counts.shownNotPlaced).toBe(counts.confirmed);
  // The audit log's last verdict on every order that was unknown agrees with the exchange.
  const verdicts = new Map(rig.reconciled.map((e) => [e.clientOid, e.result] as const));
  const disagree = r.confirmed.filter((oid) => verdicts.has(oid) && (verdicts.get(oid) === 'accepted') !== created.has(oid));
  expect(disagree, 'audit verdicts that disagree with the exchange').toEqual([]);
  const open = wireList(record(sim.exchange.handle('trade.getUnfilledOrders', sim.uid, { category: 'USDT-FUTURES', limit: '100' })).list);
  if (created.size <= 100) expect(open.map((o) => wireString(o.clientOid)).sort()).toEqual([...created.keys()].sort());
  return counts;
}

describe('reconciliation under random faults', () => {
  it(`faults after which the exchange has every order (${ORDERS} orders, seed ${SEED}): confirmed = on the exchange = shown placed`, async () => {
    const r = await run(SEED, ORDERS, 'received');
    const counts = expectReconciled(r, ORDERS, `received seed ${SEED}`);
    expect(counts.onExchange).toBe(ORDERS);
    expect(counts.shownPlaced).toBe(ORDERS);
  }, 300_000);

  it(`any fault (${ORDERS} orders, seed ${SEED + 1}): the exchange holds exactly the orders shown placed, never one shown not placed`, async () => {
    expectReconciled(await run(SEED + 1, ORDERS, 'any'), ORDERS, `any seed ${SEED + 1}`);
  }, 300_000);
});
