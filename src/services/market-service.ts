import type { BookDepth, Category, Instrument, PublicTrade, Ticker } from '../domain/model.js';
import { CATEGORIES } from '../domain/model.js';
import { OrderBook, SequenceGapError } from '../exchange/book/order-book.js';
import type { ExchangeApi } from '../exchange/rest/facade.js';
import { instrumentFromWire, publicTradeFromWire, tickerFromWire } from '../exchange/wire/market-mappers.js';
import { wireList } from '../exchange/wire/wire-values.js';
import { BOOK_TOPICS } from '../exchange/ws/push-head.js';
import type { BookPush, StreamClient, StreamPush } from '../exchange/ws/stream-client.js';
import type { StreamArg } from '../exchange/ws/topics.js';
import type { AppStore } from '../store/create-app-store.js';
import { symbolKey, type BookView, type SymbolRef } from '../store/slices/market-slice.js';
import type { LogLevelUi } from '../store/slices/ui-slice.js';
import { Coalescer, systemIntervalTimer, type IntervalTimer } from './coalescer.js';

/** Dependencies of the market service. */
export interface MarketServiceDeps {
  readonly api: ExchangeApi;
  readonly stream: StreamClient;
  readonly store: AppStore;
  /** Unix ms clock. */
  readonly now: () => number;
  /** Writes to the event log (and the file log). */
  readonly log: (level: LogLevelUi, text: string) => void;
  readonly timer?: IntervalTimer;
  /** How often book, ticker and trade changes reach the store (each a redraw), ms. Default 100 (10 a second); SSH mode 200. */
  readonly publishMs?: number;
  /** Levels per side published to the store (default 50). */
  readonly publishDepth?: number;
  /**
   * Extra symbols whose tickers are streamed besides the focused one, in the watchlist's order
   * (config `watchlist`; default: the first ten futures and spot pairs). Symbols with no instrument
   * are skipped and anything past `MAX_WATCH_TICKERS` is dropped, each with a warning in the log.
   */
  readonly watchlist?: readonly SymbolRef[];
}

/**
 * An IntervalTimer on which every interval of the same period shares one underlying timer, so the
 * book, ticker and trade coalescers flush in the same task: React batches the three store updates
 * into one render (one Ink frame) instead of up to three per period at unrelated phases.
 */
export function sharedIntervalTimer(base: IntervalTimer): IntervalTimer {
  const groups = new Map<number, { handle: unknown; fns: Set<() => void> }>();
  return {
    setInterval: (fn, ms) => {
      let group = groups.get(ms);
      if (!group) {
        const fns = new Set<() => void>();
        group = { fns, handle: base.setInterval(() => [...fns].forEach((f) => f()), ms) };
        groups.set(ms, group);
      }
      const entry = () => fn();
      group.fns.add(entry);
      return { ms, entry };
    },
    clearInterval: (handle) => {
      const { ms, entry } = handle as { ms: number; entry: () => void };
      const group = groups.get(ms);
      if (!group) return;
      group.fns.delete(entry);
      if (group.fns.size === 0) {
        base.clearInterval(group.handle);
        groups.delete(ms);
      }
    },
  };
}

/**
 * Most watchlist tickers streamed (one public channel each). Bitget allows 1000 channels per
 * connection but recommends staying under 50 (protocol-notes §4.3); the public socket also carries
 * the focused symbol's book, ticker and trades and the chart's kline, so 40 leaves room for those and
 * a resubscribe, and the whole list goes out in 4 subscribe frames of 10 args.
 */
export const MAX_WATCH_TICKERS = 40;

/** True when both refs are fed by the same public channel (margin shares spot's). */
function sameFeed(a: SymbolRef, b: SymbolRef): boolean {
  return a.symbol === b.symbol && publicInstType(a.category) === publicInstType(b.category);
}

/** How long updates are dropped while waiting for the snapshot of a resubscribe before a gap counts again, ms. */
const RESNAPSHOT_AFTER_MS = 5000;

/** Lower-case public instType of a category (margin books and tickers come from spot). */
export function publicInstType(category: Category): string {
  return category === 'MARGIN' ? 'spot' : category.toLowerCase();
}

function categoryOfInstType(instType: string): Category | null {
  const upper = instType.toUpperCase();
  return (CATEGORIES as readonly string[]).includes(upper) ? (upper as Category) : null;
}

/**
 * Market data into the store: instruments over REST, then the focused symbol's book, ticker and
 * trades plus a ticker watchlist over the public socket. Books are kept in exact, sequence-checked
 * `OrderBook`s outside React and published as immutable top-N snapshots at most 10 times a second
 * (`publishMs`).
 * A sequence gap drops the book and resubscribes it.
 */
export class MarketService {
  private readonly books = new Map<string, OrderBook>();
  private readonly bookPub: Coalescer<BookView>;
  private readonly tickerPub: Coalescer<Ticker>;
  private readonly tradePub: Coalescer<PublicTrade[]>;
  private depth: BookDepth = 'books';
  private focused: SymbolRef;
  private readonly offs: (() => void)[] = [];
  private watch: SymbolRef[] = [];
  /** Last view handed to the publisher per key (so a gap can mark exactly that view stale). */
  private readonly lastView = new Map<string, BookView>();
  /** Keys resubscribed after a gap, with the Unix ms of the resubscribe: updates are dropped until the snapshot. */
  private readonly awaitingSnapshot = new Map<string, number>();

  constructor(private readonly deps: MarketServiceDeps) {
    const timer = sharedIntervalTimer(deps.timer ?? systemIntervalTimer);
    this.focused = deps.store.getState().market.selected;
    const every = deps.publishMs ?? 100;
    this.bookPub = new Coalescer((batch) => deps.store.getState().setBooks(Object.fromEntries(batch), deps.now()), every, timer);
    this.tickerPub = new Coalescer((batch) => deps.store.getState().setTickers([...batch.values()], deps.now()), every, timer);
    this.tradePub = new Coalescer((batch) => {
      for (const [key, list] of batch) deps.store.getState().addTrades(key, list, deps.now());
    }, every, timer);
  }

  /** Loads instruments, starts the focused symbol's feeds and the ticker watchlist. */
  async start(): Promise<void> {
    const { stream } = this.deps;
    for (const topic of BOOK_TOPICS) this.offs.push(stream.onTopic(topic, (p) => this.onBook(p)));
    this.offs.push(stream.onTopic('ticker', (p) => this.onTicker(p)));
    this.offs.push(stream.onTopic('publicTrade', (p) => this.onTrades(p)));
    this.offs.push(
      stream.events.on('reconnected', (kind, info) => {
        if (kind !== 'public') return;
        for (const b of this.books.values()) b.reset();
        this.awaitingSnapshot.clear();
        if (!info.initial) for (const key of this.books.keys()) this.markStale(key);
      }),
    );
    this.subscribeFocused();
    await this.loadInstruments();
    this.watch = this.deps.watchlist ? this.checkedWatchlist(this.deps.watchlist) : this.defaultWatchlist();
    this.deps.store.getState().setWatchlist(this.watch);
    const extra = this.watch.filter((r) => !sameFeed(r, this.focused)).map((r) => this.arg(r, 'ticker'));
    if (extra.length > 0) stream.subscribe(extra);
  }

  /** Instruments in picker order. */
  symbols(): readonly SymbolRef[] {
    return Object.values(this.deps.store.getState().market.instruments)
      .map((i) => ({ category: i.category, symbol: i.symbol }))
      .sort((a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) || a.symbol.localeCompare(b.symbol));
  }

  /** Moves the book, ticker and trades subscriptions to another instrument. */
  select(ref: SymbolRef): void {
    if (symbolKey(ref) === symbolKey(this.focused)) return;
    this.unsubscribeFocused();
    this.focused = { category: ref.category, symbol: ref.symbol };
    this.deps.store.getState().selectSymbol(this.focused);
    this.subscribeFocused();
  }

  /** The book feed in use. */
  bookDepth(): BookDepth {
    return this.depth;
  }

  /** Switches the focused book between the incremental full book and books1/5/50 snapshots. */
  setBookDepth(depth: BookDepth): void {
    if (depth === this.depth) return;
    this.deps.stream.unsubscribe([this.arg(this.focused, this.depth)]);
    this.forgetBook(symbolKey(this.focused));
    this.depth = depth;
    this.deps.stream.subscribe([this.arg(this.focused, depth)]);
  }

  /** Stops publishing and drops handlers (the stream itself is closed by its owner). */
  stop(): void {
    for (const off of this.offs.splice(0)) off();
    this.bookPub.stop();
    this.tickerPub.stop();
    this.tradePub.stop();
  }

  private arg(ref: SymbolRef, topic: string): StreamArg {
    return { instType: publicInstType(ref.category), topic, symbol: ref.symbol };
  }

  private focusedArgs(): StreamArg[] {
    return [this.arg(this.focused, this.depth), this.arg(this.focused, 'ticker'), this.arg(this.focused, 'publicTrade')];
  }

  private subscribeFocused(): void {
    this.deps.stream.subscribe(this.focusedArgs());
  }

  private unsubscribeFocused(): void {
    const watched = this.watch.some((r) => sameFeed(r, this.focused));
    this.deps.stream.unsubscribe(this.focusedArgs().filter((a) => !(watched && a.topic === 'ticker')));
    this.forgetBook(symbolKey(this.focused));
  }

  private forgetBook(key: string): void {
    this.books.delete(key);
    this.awaitingSnapshot.delete(key);
    this.lastView.delete(key);
  }

  private async loadInstruments(): Promise<void> {
    const all: Instrument[] = [];
    for (const category of CATEGORIES) {
      try {
        const data = await this.deps.api.market.getInstruments({ category });
        for (const r of wireList(data)) {
          const inst = instrumentFromWire(r, category);
          if (inst) all.push(inst);
        }
      } catch (error) {
        this.deps.log('error', `instruments ${category}: ${(error as Error).message}`);
      }
    }
    this.deps.store.getState().setInstruments(all, this.deps.now());
  }

  /** The configured watchlist without duplicates and unknown symbols, capped at MAX_WATCH_TICKERS. */
  private checkedWatchlist(list: readonly SymbolRef[]): SymbolRef[] {
    const { instruments } = this.deps.store.getState().market;
    const seen = new Set<string>();
    const known: SymbolRef[] = [];
    const unknown: string[] = [];
    for (const r of list) {
      const key = symbolKey(r);
      if (seen.has(key)) continue;
      seen.add(key);
      if (instruments[key]) known.push({ category: r.category, symbol: r.symbol });
      else unknown.push(key);
    }
    if (unknown.length > 0) this.deps.log('warn', `watchlist: no such instrument ${unknown.join(', ')}; skipped`);
    if (known.length > MAX_WATCH_TICKERS) this.deps.log('warn', `watchlist: ${known.length} symbols; the first ${MAX_WATCH_TICKERS} are streamed (public socket channel budget)`);
    return known.slice(0, MAX_WATCH_TICKERS);
  }

  private defaultWatchlist(): SymbolRef[] {
    return this.symbols().filter((r) => r.category !== 'MARGIN').slice(0, 10);
  }

  /** The store key a public push belongs to: the focused ref when it matches (margin shares spot feeds). */
  private keyOf(push: StreamPush | BookPush): { key: string; category: Category } | null {
    const symbol = push.arg.symbol ?? '';
    if (publicInstType(this.focused.category) === push.arg.instType && this.focused.symbol === symbol) return { key: symbolKey(this.focused), category: this.focused.category };
    const category = categoryOfInstType(push.arg.instType);
    return category ? { key: symbolKey({ category, symbol }), category } : null;
  }

  /** A `books*` push, read once by the socket: applied from that read, never parsed again. */
  private onBook(push: BookPush): void {
    const where = this.keyOf(push);
    if (!where || where.key !== symbolKey(this.focused) || push.arg.topic !== this.depth) return;
    const since = this.awaitingSnapshot.get(where.key);
    if (since !== undefined) {
      // Updates still in flight from before the resubscribe would only cause another gap: wait for the snapshot.
      if (push.action !== 'snapshot' && this.deps.now() - since < RESNAPSHOT_AFTER_MS) return;
      this.awaitingSnapshot.delete(where.key);
    }
    let book = this.books.get(where.key);
    if (!book) {
      book = new OrderBook(push.arg.symbol ?? '');
      this.books.set(where.key, book);
    }
    const version = book.version;
    try {
      book.applyRead(push.book);
    } catch (error) {
      this.onBookError(where.key, book, push.arg, error);
      return;
    }
    // A stale first update after a snapshot is ignored by the book: nothing new to publish.
    if (book.version === version) return;
    const top = book.topN(this.deps.publishDepth ?? 50);
    this.publishBook(where.key, {
      bids: top.bids.map((l) => ({ price: l.priceText, size: l.sizeText, cum: l.cumSize })),
      asks: top.asks.map((l) => ({ price: l.priceText, size: l.sizeText, cum: l.cumSize })),
      seq: book.seq,
      source: this.depth,
      updatedAt: this.deps.now(),
      synced: true,
    });
  }

  private publishBook(key: string, view: BookView): void {
    this.lastView.set(key, view);
    this.bookPub.put(key, view);
    // A book the screen does not show in sync yet (first snapshot after start, a symbol switch or a
    // resync) goes out now instead of at the next publish tick: up to a tick sooner on screen.
    if (view.synced && this.deps.store.getState().market.books[key]?.synced !== true) this.bookPub.flush();
  }

  /** Shows the last view of `key` as stale until the next snapshot (replaces any unpublished view). */
  private markStale(key: string): void {
    const last = this.lastView.get(key) ?? this.deps.store.getState().market.books[key];
    if (last?.synced) this.publishBook(key, { ...last, synced: false });
  }

  private onBookError(key: string, book: OrderBook, arg: StreamArg, error: unknown): void {
    book.reset();
    this.markStale(key);
    const why = error instanceof SequenceGapError ? `sequence gap (${error.message})` : `bad frame (${(error as Error).message})`;
    this.deps.log('warn', `book ${arg.symbol ?? ''}: ${why}; resubscribing`);
    this.awaitingSnapshot.set(key, this.deps.now());
    this.deps.stream.unsubscribe([arg]);
    this.deps.stream.subscribe([arg]);
  }

  private onTicker(push: StreamPush): void {
    const where = this.keyOf(push);
    if (!where) return;
    // One spot ticker may feed several refs (SPOT:X and MARGIN:X, focused or watched): each gets its copy.
    const feed: SymbolRef = { category: where.category, symbol: push.arg.symbol ?? '' };
    const targets = [where.category, ...this.watch.filter((r) => sameFeed(r, feed)).map((r) => r.category)];
    for (const r of wireList(push.data)) {
      const t = tickerFromWire({ symbol: push.arg.symbol, ...r }, where.category, this.deps.now());
      if (!t) continue;
      for (const category of new Set(targets)) this.tickerPub.put(symbolKey({ category, symbol: t.symbol }), { ...t, category, ts: this.deps.now() });
    }
  }

  private onTrades(push: StreamPush): void {
    const where = this.keyOf(push);
    if (!where) return;
    const fresh = wireList(push.data).map(publicTradeFromWire).filter((t): t is PublicTrade => t !== null);
    if (fresh.length === 0) return;
    fresh.sort((a, b) => b.time - a.time);
    // Several pushes may land between two flushes: keep every trade, newest first.
    this.tradePub.put(where.key, [...fresh]);
  }
}
