/**
 * Description: `--record` then `--replay` — a session against the embedded exchange is recorded
 * (books, tickers, the account and one placed order), the exchange is stopped, and the recording
 * played back offline into a fresh store and fresh services reaches the same final state: book
 * top, open orders and balances. Twice, with the same result. A committed fixture replays too.
 * Setup: `startSim()` on 127.0.0.1 port 0; the real session (RestClient, StreamClient, services)
 * with a SessionRecorder and an AuditLog; then `startReplay()` on port 0 in place of the exchange.
 * Run: wait for market and account data, place a resting limit order, let data flow, stop; replay
 * as fast as possible and wait for the state to settle.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../src/cli/session.js';
import { AuditLog } from '../../src/services/audit-log.js';
import { SessionRecorder } from '../../src/services/session-recorder.js';
import { startReplay } from '../../src/sim/replay/replay-server.js';
import { DEMO_API_KEY, DEMO_PASSPHRASE, DEMO_SECRET, startSim, type SimHandle } from '../../src/sim/start-sim.js';
import type { AppStore } from '../../src/store/create-app-store.js';
import { symbolKey } from '../../src/store/slices/market-slice.js';
import { firableIntervalTimer } from '../helpers/manual-interval.js';
import { waitFor } from '../helpers/wait-for.js';

const DEMO_CREDENTIALS = { apiKey: DEMO_API_KEY, secret: DEMO_SECRET, passphrase: DEMO_PASSPHRASE };
const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'replay-session.ndjson');

/** What "the same state" means: book top of the selected symbol, open orders, balances. */
interface FinalState {
  readonly bookTop: { bid: string; ask: string; seq: string } | null;
  readonly orders: readonly string[];
  readonly balances: readonly string[];
}

function finalState(store: AppStore): FinalState {
  const s = store.getState();
  const book = s.market.books[symbolKey(s.market.selected)];
  const bid = book?.bids[0];
  const ask = book?.asks[0];
  return {
    bookTop: book && bid && ask ? { bid: `${bid.price.toString()}x${bid.size.toString()}`, ask: `${ask.price.toString()}x${ask.size.toString()}`, seq: String(book.seq) } : null,
    orders: Object.values(s.orders.open)
      .map((o) => `${o.orderId} ${o.clientOid} ${o.symbol} ${o.side} ${o.price?.toString() ?? 'market'} ${o.qty.toString()} ${o.status}`)
      .sort(),
    balances: (s.account.summary?.assets ?? []).map((a) => `${a.coin} ${a.balance.toString()} ${a.available.toString()}`).sort(),
  };
}

/**
 * Plays `file` back as fast as possible into a fresh session and waits for the state to equal
 * `expected` (if it never does, the test's timeout reports both); returns the state it ended in.
 */
async function replayOnce(file: string, expected: FinalState): Promise<FinalState> {
  const replay = await startReplay({ source: file, speed: Number.POSITIVE_INFINITY });
  const session = await openSession({ mode: 'REPLAY', account: 'replay', restUrl: replay.rest, wsPublic: replay.wsPublic, wsPrivate: replay.wsPrivate, credentials: DEMO_CREDENTIALS, paper: false });
  try {
    await replay.finished;
    const same = () => JSON.stringify(finalState(session.store)) === JSON.stringify(expected);
    await waitFor(same, () => `the replayed state\n${JSON.stringify(finalState(session.store))}\nto equal\n${JSON.stringify(expected)}`);
    return finalState(session.store);
  } finally {
    await session.services.shutdown();
    await replay.close();
  }
}

/** The final state of the committed fixture (a seed-5 embedded-exchange session with one resting buy at 1000). */
const FIXTURE_STATE: FinalState = {
  bookTop: { bid: '96997.9x0.504', ask: '97007.7x0.195', seq: '1000000472025' },
  orders: ['17955934710736 ud-mwvtzqsm-1gksp BTCUSDT buy 1000 0.01 new'],
  balances: ['BGB 1000 1000', 'BTC 2 2', 'ETH 20 20', 'USDC 10000 10000', 'USDT 100000 99999'],
};

const dir = mkdtempSync(join(tmpdir(), 'utadash-rec-'));
const recordingPath = join(dir, 'session.ndjson');
const auditPath = join(dir, 'audit.ndjson');
let sim: SimHandle;
let recorded: FinalState;
let placedClientOid = '';

beforeAll(async () => {
  sim = await startSim({ seed: 5 });
  const recorder = new SessionRecorder({ path: recordingPath, mode: 'DEMO' });
  const publish = firableIntervalTimer();
  const audit = new AuditLog({ path: auditPath, mode: 'DEMO' });
  const session: Session = await openSession(
    { mode: 'DEMO', account: 'sim', restUrl: sim.rest, wsPublic: sim.wsPublic, wsPrivate: sim.wsPrivate, credentials: DEMO_CREDENTIALS, paper: false },
    { recorder, audit, publishTimer: publish },
  );
  const { store } = session;
  const key = symbolKey(store.getState().market.selected);
  const first = await waitFor(() => store.getState().market.books[key]);
  await waitFor(() => store.getState().market.tickers[key]);
  await waitFor(() => store.getState().account.summary);
  const trading = session.services.trading;
  if (!trading) throw new Error('the demo session has no trading service');
  const outcome = await trading.submitOrder({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '1000', qty: '0.01' });
  expect(outcome.status).toBe('accepted');
  placedClientOid = outcome.clientOid;
  await waitFor(() => Object.values(store.getState().orders.open).find((o) => o.clientOid === placedClientOid));
  // A few more book updates after the order.
  const seqAfter = store.getState().market.books[key]?.seq ?? first.seq;
  await waitFor(() => (store.getState().market.books[key]?.seq ?? seqAfter) !== seqAfter);
  // Stop recording and the sockets in the same turn: nothing arrives that is not recorded.
  recorder.close();
  session.stream.close();
  // What the sockets delivered is in the store or in the market publish waiting for its tick
  // (private pushes apply at once): that tick, now, and the state is final.
  publish.fire();
  recorded = finalState(store);
  await session.services.shutdown();
  audit.close();
  await sim.close();
});

afterAll(async () => {
  await sim.close();
});

describe('record and replay', () => {
  it('records frames and replies without a trace of the credentials', () => {
    const text = readFileSync(recordingPath, 'utf8');
    for (const secret of [DEMO_API_KEY, DEMO_SECRET, DEMO_PASSPHRASE]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/ACCESS-SIGN|ACCESS-KEY/i);
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as { type: string; conn?: string; op?: string });
    expect(lines[0]?.type).toBe('meta');
    expect(lines.some((l) => l.type === 'ws' && l.conn === 'public')).toBe(true);
    expect(lines.some((l) => l.type === 'ws' && l.conn === 'private')).toBe(true);
    expect(lines.some((l) => l.type === 'rest' && l.op === 'market.getInstruments')).toBe(true);
    expect(recorded.orders.some((o) => o.includes(placedClientOid))).toBe(true);
    expect(recorded.bookTop).not.toBeNull();
    expect(recorded.balances.length).toBeGreaterThan(0);
  });

  it('audits the placed order: one line when sent, one for its outcome, no secrets', () => {
    const text = readFileSync(auditPath, 'utf8');
    for (const secret of [DEMO_API_KEY, DEMO_SECRET, DEMO_PASSPHRASE]) expect(text).not.toContain(secret);
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const mine = lines.filter((l) => l.clientOid === placedClientOid);
    expect(mine.map((l) => l.event)).toEqual(['sent', 'outcome']);
    expect(mine[0]).toMatchObject({ channel: 'ws', op: 'ws.place-order', symbol: 'BTCUSDT', side: 'buy', qty: '0.01', price: '1000' });
    expect(mine[1]).toMatchObject({ result: 'accepted', id: mine[0]?.id });
  });

  it('replays offline to the same book top, open orders and balances, twice', async () => {
    expect(await replayOnce(recordingPath, recorded)).toEqual(recorded);
    expect(await replayOnce(recordingPath, recorded)).toEqual(recorded);
  });

  it('replays the committed fixture to its known final state, twice', async () => {
    const text = readFileSync(FIXTURE, 'utf8');
    for (const secret of [DEMO_API_KEY, DEMO_SECRET, DEMO_PASSPHRASE]) expect(text).not.toContain(secret);
    expect(await replayOnce(FIXTURE, FIXTURE_STATE)).toEqual(FIXTURE_STATE);
    expect(await replayOnce(FIXTURE, FIXTURE_STATE)).toEqual(FIXTURE_STATE);
  });
});
