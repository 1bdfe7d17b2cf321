/**
 * The official `books` sequence rule, end to end. Bitget's Order-Book-Channel page: "the seq of the
 * snapshot should fall within the range [pseq, seq] of the first update incremental data received
 * after the snapshot", and later updates chain `pseq == previous seq`. A client that demanded
 * `pseq == snapshot seq` of that first update dropped the book and resubscribed, got a new snapshot,
 * the same kind of first update, and looped.
 * Setup: the embedded exchange on 127.0.0.1 port 0 with `--faults overlapFirstUpdate` (every first
 * update after a snapshot starts below the snapshot's seq and ends above it), a real session
 * (RestClient/StreamClient/services/store) with short socket timers, the synthetic market running.
 * Run: watch the raw `books` frames next to the store; drop the public socket; skip a seq. Replay by
 * hand: `utadash sim --faults overlapFirstUpdate`, then connect the dashboard to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../src/cli/session.js';
import { parseBookFrame } from '../../src/exchange/book/book-frame.js';
import type { StreamConnection } from '../../src/exchange/ws/stream-connection.js';
import { FAST_STREAM_TUNING } from '../helpers/stream-tuning.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { symbolKey } from '../../src/store/slices/market-slice.js';
import { waitFor } from '../helpers/wait-for.js';
import { simEndpoint } from '../helpers/sim-dashboard.js';

const CATEGORY = 'USDT-FUTURES';
const SYMBOL = 'BTCUSDT';
const KEY = symbolKey({ category: CATEGORY, symbol: SYMBOL });

const TUNING = FAST_STREAM_TUNING;

/** One first update after a snapshot, as received (seq numbers exact, from the raw text). */
interface FirstUpdate {
  readonly snapshotSeq: bigint;
  readonly pseq: bigint;
  readonly seq: bigint;
}

/** What the raw `books` frames of the focused book showed. */
interface BookTap {
  readonly firsts: FirstUpdate[];
  /** Updates received since the start. */
  updates: number;
  /** Seq of the last snapshot while no update has followed it yet. */
  awaiting: bigint | null;
}

let sim: SimHandle;
let session: Session;
const tap: BookTap = { firsts: [], updates: 0, awaiting: null };
/** `unsubscribe` acks of the focused book: the service resubscribes a book only after a gap. */
let bookUnsubscribes = 0;

/** Records the focused book's raw frames (exact seq numbers) from the public socket's first frame on. */
function onPublicText(text: string): void {
  if (!text.includes('"topic":"books"')) return;
  const f = parseBookFrame(text);
  if (f.symbol !== SYMBOL || f.instType !== 'usdt-futures') return;
  if (f.action === 'snapshot') {
    tap.awaiting = BigInt(f.seq);
    return;
  }
  tap.updates += 1;
  if (tap.awaiting !== null) tap.firsts.push({ snapshotSeq: tap.awaiting, pseq: BigInt(f.pseq), seq: BigInt(f.seq) });
  tap.awaiting = null;
}

/** Hooks the public socket before it connects (through the session's recorder seam). */
function watchPublic(connection: Pick<StreamConnection, 'events' | 'kind'>): () => void {
  if (connection.kind !== 'public') return () => undefined;
  const offText = connection.events.on('text', onPublicText);
  const offFrame = connection.events.on('frame', (f) => {
    if (f.kind === 'unsubscribe' && f.arg.topic === 'books' && f.arg.symbol === SYMBOL) bookUnsubscribes += 1;
  });
  return () => {
    offText();
    offFrame();
  };
}

function gapLines(): string[] {
  return session.store.getState().ui.log.map((e) => e.text).filter((t) => t.includes('sequence gap'));
}

function storeBookMatchesExchange(depth: number): boolean {
  const book = session.store.getState().market.books[KEY];
  if (!book?.synced) return false;
  const ex = sim.exchange.bookLevels(CATEGORY, SYMBOL, depth);
  const same = (mine: readonly { price: string; size: string }[], theirs: readonly (readonly [string, string])[]) =>
    mine.length === theirs.length && mine.every((l, i) => l.price === theirs[i]?.[0] && l.size === theirs[i]?.[1]);
  return same(book.bids.slice(0, depth), ex.bids) && same(book.asks.slice(0, depth), ex.asks);
}

function describeState(): string {
  const book = session.store.getState().market.books[KEY];
  return JSON.stringify({ seq: book?.seq, synced: book?.synced, firsts: tap.firsts.map((f) => [String(f.snapshotSeq), String(f.pseq), String(f.seq)]), updates: tap.updates, gaps: gapLines() });
}

/**
 * Waits for the first update after snapshot number `index` (0-based, counted from the session's
 * start), then for `more` updates after it with the book synced; returns that first update.
 */
async function waitForFirstUpdate(index: number, more = 5): Promise<FirstUpdate> {
  const first = await waitFor(() => tap.firsts[index], describeState);
  const updatesBefore = tap.updates;
  await waitFor(() => tap.updates >= updatesBefore + more && session.store.getState().market.books[KEY]?.synced, describeState);
  return first;
}

/** True when the snapshot seq lies inside the update's [pseq, seq] and not at its start: the overlapping form. */
function overlaps(f: FirstUpdate): boolean {
  return f.pseq < f.snapshotSeq && f.snapshotSeq <= f.seq;
}

/** The exchange book freezes (agents stopped) while the store catches up; then the market runs again. */
async function expectBookEqualsExchange(): Promise<void> {
  sim.exchange.market.stop();
  try {
    await waitFor(() => storeBookMatchesExchange(50), describeState);
  } finally {
    sim.exchange.market.start(sim.exchange.venue);
  }
}

beforeAll(async () => {
  sim = await startSim({ seed: 29, faults: 'overlapFirstUpdate' });
  session = await openSession(
    simEndpoint(sim),
    { streamTuning: TUNING, recorder: { restObserver: {}, attach: watchPublic } },
  );
});

afterAll(async () => {
  await session?.services.shutdown();
  await sim?.close();
});

describe('books: a first update that overlaps its snapshot (official sequence rule)', () => {
  it('keeps the book in sync with no resubscribe when the first update straddles the snapshot', async () => {
    const first = await waitForFirstUpdate(0);
    // The exchange really sent the overlapping form: pseq < snapshot seq <= seq.
    expect(overlaps(first)).toBe(true);
    expect(BigInt(session.store.getState().market.books[KEY]?.seq ?? '0')).toBeGreaterThan(first.seq);
    expect(gapLines()).toEqual([]);
    expect(bookUnsubscribes).toBe(0);
    await expectBookEqualsExchange();
  });

  it('accepts the overlapping first update after a reconnect too', async () => {
    const reconnects = session.store.getState().connection.public.reconnects;
    const next = tap.firsts.length;
    sim.faults.dropSockets('public');
    await waitFor(() => session.store.getState().connection.public.reconnects > reconnects);
    expect(overlaps(await waitForFirstUpdate(next))).toBe(true);
    expect(gapLines()).toEqual([]);
    expect(bookUnsubscribes).toBe(0);
    await expectBookEqualsExchange();
  });

  it('resubscribes once after a real gap, and the overlapping first update after the new snapshot causes no second one', async () => {
    const next = tap.firsts.length;
    sim.faults.skipSeq(CATEGORY, SYMBOL);
    await waitFor(() => gapLines().length === 1, describeState);
    expect(gapLines()[0]).toContain('does not follow');
    expect(overlaps(await waitForFirstUpdate(next))).toBe(true);
    expect(gapLines()).toHaveLength(1);
    expect(bookUnsubscribes).toBe(1);
    await expectBookEqualsExchange();
  });
});
