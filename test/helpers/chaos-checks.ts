import { Decimal } from 'decimal.js';
import { expect } from 'vitest';
import type { Session } from '../../src/cli/session.js';
import { positionFromWire } from '../../src/exchange/wire/account-mappers.js';
import { wireList, wireRecord, wireString } from '../../src/exchange/wire/wire-values.js';
import { symbolKey } from '../../src/store/slices/market-slice.js';
import { positionKey } from '../../src/store/slices/positions-slice.js';
import type { ChaosRig } from './chaos-rig.js';
import { typeIntoSelectedField } from './field-keys.js';
import { cancelledWithTest, waitFor } from './wait-for.js';

/**
 * What chaos tests assert after every fault: the store's open orders, positions and balances equal
 * the exchange's own tables; no clientOid reached the exchange twice; the screen showed the
 * degradation and then the recovery. Plus the keystrokes that fill and send the order ticket.
 */

/** The account as compared: open orders (id price qty), position sizes, per-coin balance/available. */
export interface AccountView {
  readonly orders: readonly string[];
  readonly positions: Readonly<Record<string, string>>;
  readonly balances: Readonly<Record<string, string>>;
}

const FUTURES = ['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const;
const norm = (v: unknown): string => new Decimal(wireString(v) || '0').toFixed();

/** Calls the exchange directly as the demo account (no client code involved). */
export function exchangeCall(rig: ChaosRig, opId: string, params: unknown): Record<string, unknown> {
  return wireRecord(rig.exchange.handle(opId, rig.exchange.demoUid, params));
}

/** The account straight from the exchange's tables. */
export function exchangeView(rig: ChaosRig): AccountView {
  const orders = wireList(exchangeCall(rig, 'trade.getUnfilledOrders', { limit: '100' }).list)
    .map((r) => `${wireString(r.orderId)} ${norm(r.price)} ${norm(r.qty)}`)
    .sort();
  const positions: Record<string, string> = {};
  for (const category of FUTURES) {
    for (const r of wireList(exchangeCall(rig, 'position.getCurrent', { category }).list)) {
      const p = positionFromWire(r, category);
      if (p && !p.size.isZero()) positions[positionKey(p)] = p.size.toFixed();
    }
  }
  const balances: Record<string, string> = {};
  for (const a of wireList(exchangeCall(rig, 'account.getAssets', {}).assets)) balances[wireString(a.coin)] = `${norm(a.balance)} / ${norm(a.available)}`;
  return { orders, positions, balances };
}

/** The account as the store holds it. */
export function storeView(rig: ChaosRig): AccountView {
  const s = rig.session.store.getState();
  const orders = Object.values(s.orders.open)
    .map((o) => `${o.orderId} ${o.price?.toFixed() ?? '0'} ${o.qty.toFixed()}`)
    .sort();
  const positions: Record<string, string> = {};
  for (const [k, p] of Object.entries(s.positions.open)) positions[k] = p.size.toFixed();
  const balances: Record<string, string> = {};
  for (const a of s.account.summary?.assets ?? []) balances[a.coin] = `${a.balance.toFixed()} / ${a.available.toFixed()}`;
  return { orders, positions, balances };
}

/** Waits (no test action) until the store equals the exchange, then asserts it. */
export async function expectStoreMatchesExchange(rig: ChaosRig): Promise<void> {
  const same = () => JSON.stringify(storeView(rig)) === JSON.stringify(exchangeView(rig));
  await waitFor(same, () => `store    ${JSON.stringify(storeView(rig))}\nexchange ${JSON.stringify(exchangeView(rig))}\n${lastLog(rig, 8).join('\n')}`);
  expect(storeView(rig)).toEqual(exchangeView(rig));
}

/**
 * Requests per clientOid that reached the exchange's door: REST placements (except those refused
 * with 40008, which the exchange turns away before acting and the client re-signs once by design)
 * plus place frames written on the private socket (except those refused with 40020 before anything
 * ran, which the client sends over REST with the same clientOid by design).
 */
export function submissionsOf(rig: ChaosRig, clientOid: string): number {
  const rest = rig.proxy.placements.filter((p) => p.code !== '40008' && p.clientOids.includes(clientOid)).length;
  const refused = rig.socketRefused.filter((c) => c === clientOid).length;
  return rest + rig.socketPlacements.filter((c) => c === clientOid).length - refused;
}

/** How often the engine executed a placement with this clientOid. */
export function executionsOf(rig: ChaosRig, clientOid: string): number {
  return rig.executed.filter((c) => c === clientOid).length;
}

/** Asserts that no clientOid the client ever used went to the exchange, or was executed, more than once. */
export function expectNoDoubleSubmission(rig: ChaosRig): void {
  const all = new Set([...rig.proxy.placements.flatMap((p) => p.clientOids), ...rig.socketPlacements, ...rig.executed.filter((c) => c !== '')]);
  const twice = [...all].filter((c) => submissionsOf(rig, c) > 1 || executionsOf(rig, c) > 1);
  expect(twice, `sent or executed more than once: ${twice.map((c) => `${c} sent ${submissionsOf(rig, c)} executed ${executionsOf(rig, c)}`).join(', ')}`).toEqual([]);
}

/** Both checks: the store equals the exchange and nothing was submitted twice. */
export async function expectInvariants(rig: ChaosRig): Promise<void> {
  await expectStoreMatchesExchange(rig);
  expectNoDoubleSubmission(rig);
}

/** The last `n` event-log lines. */
export function lastLog(rig: ChaosRig, n: number): string[] {
  return rig.session.store
    .getState()
    .ui.log.slice(-n)
    .map((e) => `${e.level} ${e.text}`);
}

/** True once an event-log line contains every one of `parts`. */
export function logged(rig: ChaosRig, ...parts: string[]): boolean {
  return rig.session.store.getState().ui.log.some((e) => parts.every((p) => e.text.includes(p)));
}

/** Index of the next frame: pass it to `waitForFrameSince` to look only at what was drawn after now. */
export function frameMark(rig: ChaosRig): number {
  return rig.app.frames.length;
}

/** Waits until a frame drawn since `mark` matches `pattern` (catches states that lasted a few frames only). */
export async function waitForFrameSince(rig: ChaosRig, mark: number, pattern: RegExp): Promise<void> {
  await waitFor(() => rig.app.frames.slice(mark).some((f) => pattern.test(f)), () => `no frame since #${mark} matched ${String(pattern)}; last frame:\n${rig.app.frame()}`);
}

/** The status bar (first line) of the latest frame. */
export function statusLine(rig: ChaosRig): string {
  return rig.app.frame().split('\n')[0] ?? '';
}

/** Waits until the latest status bar shows both sockets subscribed. */
export async function waitForHealthyStatus(rig: ChaosRig): Promise<void> {
  await waitFor(() => /pub subscribed .*priv subscribed/.test(statusLine(rig)), () => `status bar: ${statusLine(rig)}`);
}

/**
 * Resolves the next time the private socket goes down (its old socket gone, no new one yet),
 * calling `onDown` synchronously first, before any reconnect. Rejects when the test times out,
 * naming the private socket's last health.
 */
export function whenPrivateDown(session: Pick<Session, 'stream'>, onDown: () => void = () => undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const end = cancelledWithTest(
      () => `the private socket to go down: ${JSON.stringify(session.stream.getHealth().private)}`,
      (reason) => {
        off();
        reject(reason);
      },
    );
    const off = session.stream.onHealth((h) => {
      if (h.kind !== 'private' || h.state !== 'reconnecting') return;
      off();
      end();
      onDown();
      resolve();
    });
  });
}

/** Best bid of the focused instrument as the store has it. */
export function bestBid(rig: ChaosRig): Decimal {
  const s = rig.session.store.getState();
  const price = s.market.books[symbolKey(s.market.selected)]?.bids[0]?.price;
  if (price === undefined) throw new Error('no book yet');
  return new Decimal(price);
}

/** Edits the selected ticket text field: Enter, type `text`, Enter. */
async function typeIntoSelected(rig: ChaosRig, text: string): Promise<void> {
  await typeIntoSelectedField(rig.app, text);
}

/**
 * Fills the ticket (limit buy of `qty` at `price`) with keys, opens its confirmation (`o`) and
 * acknowledges its warnings; the order goes out when the test presses `y`.
 */
export async function reviewLimitBuy(rig: ChaosRig, price: Decimal, qty: string): Promise<void> {
  const { app } = rig;
  await app.press('\u001b2');
  for (let i = 0; i < 16; i += 1) await app.press('k');
  await app.press('j');
  await app.press('j');
  await typeIntoSelected(rig, price.toFixed());
  await app.press('j');
  await typeIntoSelected(rig, qty);
  await app.press('o');
  await waitFor(() => rig.session.store.getState().ui.overlay === 'ticketConfirm', () => app.frame());
  // The market agents are stopped, so the book is old: the first y acknowledges that warning.
  if (app.frame().includes('y: acknowledge the warnings')) {
    await app.press('y');
    await app.waitForText('press y again to send anyway');
  }
}

/**
 * Sends the reviewed order as a trader would: `y`, and `y` again whenever the confirmation is still
 * open because a new warning appeared since the last acknowledgement (a socket drop makes the book
 * go out of sync; a quiet book goes stale). Each extra press acknowledges, it never resends: the
 * confirmation closes on the press that sends.
 */
export async function sendReviewed(rig: ChaosRig): Promise<void> {
  const { app } = rig;
  const confirming = () => rig.session.store.getState().ui.overlay === 'ticketConfirm';
  for (let i = 0; i < 4 && confirming(); i += 1) {
    await app.press('y');
    if (!confirming()) return;
    await app.waitForText('press y again to send anyway');
  }
  if (confirming()) throw new Error(`the confirmation is still open after 4 presses of y:\n${app.frame()}`);
}

/** The clientOid of the newest submission whose label is `label` (e.g. `buy 0.01 BTCUSDT @ 81000`). */
export function submissionOf(rig: ChaosRig, label: string): string | undefined {
  const subs = Object.values(rig.session.store.getState().orders.submissions).filter((s) => s.label === label);
  return subs.sort((a, b) => b.at - a.at)[0]?.clientOid;
}

/**
 * Moves the rig's clock `ms` forward a second at a time; after each step the requests and lookups
 * it released run (one turn of the event loop, not a wait for time), so a request held N s runs N
 * to N+1 s after it was sent, as it would on a real network.
 */
export async function advanceClock(rig: ChaosRig, ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= 1000) {
    rig.clock.advance(Math.min(1000, left));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Moves the rig's clock forward a quarter second at a time until `predicate` holds, letting what
 * each step released run in between: after a step, two turns of the event loop (the timers it
 * ended resolve, their requests are sent), then a wait until the REST requests sent since the step
 * have been answered (requests already out before it, e.g. one the exchange holds, are not waited
 * for). Events, not elapsed time. For a wait whose subject is what the client does over time (e.g.
 * its first lookups of an unknown order), not how long that takes: the clock moves at most `maxMs`
 * (default 10 s, under the holds the tests use), then it waits on the predicate alone.
 */
export async function advanceUntil<T>(rig: ChaosRig, predicate: () => T | null | undefined | false, describe: () => string, maxMs = 10_000): Promise<T> {
  /** Attempts sent since the last clock step and not answered yet (by attempt number). */
  const open = new Set<number>();
  let sinceStep = false;
  const off = rig.session.rest.observe({
    onRequest: (attempt) => {
      if (sinceStep) open.add(attempt.seq);
    },
    onReply: (attempt) => {
      open.delete(attempt.seq);
    },
  });
  try {
    for (let moved = 0; ; moved += 250) {
      const value = predicate();
      if (value) return value;
      if (moved >= maxMs) return await waitFor(predicate, describe);
      open.clear();
      sinceStep = true;
      rig.clock.advance(250);
      for (let turn = 0; turn < 2; turn += 1) await new Promise<void>((resolve) => setImmediate(resolve));
      await waitFor(() => open.size === 0 || predicate(), () => `the REST requests sent after the clock moved to be answered (${open.size} out); then ${describe()}`);
    }
  } finally {
    off();
  }
}

/**
 * The total-count invariant: the orders the exchange created since `from` (an index into
 * `rig.created`) are exactly `confirmed` — none missing, none extra, whatever their clientOid.
 */
export function expectTotalCount(rig: ChaosRig, from: number, confirmed: readonly string[]): void {
  expect([...rig.created.slice(from)].sort()).toEqual([...confirmed].sort());
}
