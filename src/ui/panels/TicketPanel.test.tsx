import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { Profiler, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSummary, Instrument, Position, Ticker } from '../../domain/model.js';
import type { OrderGuardLimits } from '../../domain/order-warnings.js';
import type { TradingServices } from '../../services/app-services.js';
import type { OrderRequest } from '../../services/order-request.js';
import type { OrderOutcome } from '../../services/order-service.js';
import { createAppStore, type AppStore } from '../../store/create-app-store.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { BTC_CM, BTC_PERP, BTC_SPOT, RAAPL, XRP_LIMIT_OPEN } from '../forms/ticket.testkit.js';
import type { LoadPrice } from '../hooks/use-ticket.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { TicketPanel } from './TicketPanel.js';

const NOW = 1_700_000_000_000;
const d = (s: string) => new Decimal(s);
const UP = '\x1b[A';
const DOWN = '\x1b[B';
const RIGHT = '\x1b[C';
const ENTER = '\r';
const BACKSPACE = '\x7f';
const ESC = '\x1b';

/** A small account snapshot (its values are not what the ticket tests look at; its time is). */
const ACCOUNT: AccountSummary = { equity: d('10000'), effEquity: d('10000'), imr: d('0'), mmr: d('0'), mgnRatio: d('0'), unrealisedPnl: d('0'), assets: [], updatedTime: NOW };

function ticker(inst: Instrument, last: string, mark: string | null = null): Ticker {
  return {
    category: inst.category,
    symbol: inst.symbol,
    lastPrice: d(last),
    bid1Price: d(last),
    ask1Price: d(last),
    high24h: d(last),
    low24h: d(last),
    open24h: d(last),
    change24h: d('0'),
    volume24h: d('0'),
    turnover24h: d('0'),
    markPrice: mark === null ? null : d(mark),
    indexPrice: null,
    fundingRate: null,
    openInterest: null,
    deliveryStatus: null,
    ts: NOW,
  };
}

function position(over: Partial<Position> = {}): Position {
  return {
    category: 'USDT-FUTURES',
    symbol: 'ETHUSDT',
    posSide: 'long',
    holdMode: 'hedge_mode',
    marginMode: 'crossed',
    marginCoin: 'USDT',
    size: d('1'),
    available: d('1'),
    avgPrice: d('3000'),
    markPrice: d('3000'),
    unrealisedPnl: d('0'),
    leverage: d('10'),
    liqPrice: d('0'),
    margin: d('300'),
    takeProfit: null,
    stopLoss: null,
    updatedTime: NOW,
    ...over,
  };
}

/** A TradingServices double: records submitted requests and answers with a scripted outcome. */
class RecordingTrading {
  readonly submitted: OrderRequest[] = [];
  outcome: OrderOutcome = { status: 'accepted', orderId: '123', clientOid: 'c-1', sent: true };
  readonly api: TradingServices = {
    submitOrder: async (r) => {
      this.submitted.push(r);
      return this.outcome;
    },
    modifyOrder: () => Promise.reject(new Error('not used')),
    cancelOrder: () => Promise.reject(new Error('not used')),
    cancelAll: () => Promise.reject(new Error('not used')),
    cancelBatch: () => Promise.reject(new Error('not used')),
    modifyBatch: () => Promise.reject(new Error('not used')),
    closePosition: () => Promise.reject(new Error('not used')),
    closeAll: () => Promise.reject(new Error('not used')),
    submitBatch: () => Promise.reject(new Error('not used')),
  };
}

/** Lets a test push `loadPrice` into the mounted panel, as the book panel will. */
interface PriceControl {
  load: (p: LoadPrice) => void;
  /** Commits of the ticket's subtree (React's Profiler). */
  renders: number;
}

function Host({ control, columns, rows }: { readonly control: PriceControl; readonly columns: number; readonly rows: number }) {
  const [loadPrice, setLoadPrice] = useState<LoadPrice | undefined>(undefined);
  control.load = setLoadPrice;
  const focused = useAppStore((s) => s.ui.focus) === 'ticket';
  return (
    <Profiler id="ticket" onRender={() => (control.renders += 1)}>
      <TicketPanel focused={focused} width={columns} height={rows} now={NOW} {...(loadPrice ? { loadPrice } : {})} />
    </Profiler>
  );
}

interface SetupOptions {
  readonly inst?: Instrument;
  readonly trading?: RecordingTrading | null;
  readonly columns?: number;
  readonly rows?: number;
  readonly positions?: readonly Position[];
  readonly maxOpen?: (params: unknown) => Promise<unknown>;
  /** Unix ms of the book's last update; null = no book at all. Default NOW (fresh). */
  readonly bookAt?: number | null;
  /** Unix ms of the account snapshot; null = none received. Default NOW (fresh). */
  readonly accountAt?: number | null;
  /** The ticker's mark price (default none: the guards use the last price). */
  readonly mark?: string;
  /** Limits of the order guards in the app context (default: none given → DEFAULT_ORDER_GUARDS). */
  readonly orderGuards?: OrderGuardLimits;
}

function setup(opts: SetupOptions = {}) {
  const inst = opts.inst ?? BTC_PERP;
  const store: AppStore = createAppStore();
  store.getState().setInstruments([BTC_PERP, BTC_SPOT, BTC_CM, RAAPL, XRP_LIMIT_OPEN], NOW);
  const xrp = inst === XRP_LIMIT_OPEN;
  store.getState().setTickers([ticker(inst, xrp ? '0.5' : '97000', opts.mark ?? null)], NOW);
  const bookAt = opts.bookAt === undefined ? NOW : opts.bookAt;
  if (bookAt !== null) {
    const [bid, ask] = xrp ? ['0.5', '0.5001'] : ['97000', '97000.5'];
    store.getState().setBooks({ [`${inst.category}:${inst.symbol}`]: { bids: [{ price: bid, size: '1', cum: d('1') }], asks: [{ price: ask, size: '1', cum: d('1') }], seq: '1', source: 'books5', updatedAt: bookAt, synced: true } }, bookAt);
  }
  const accountAt = opts.accountAt === undefined ? NOW : opts.accountAt;
  if (accountAt !== null) store.getState().setAccount(ACCOUNT, accountAt);
  store.getState().replacePositions(opts.positions ?? [], NOW);
  store.getState().selectSymbol({ category: inst.category, symbol: inst.symbol });
  store.getState().setFocus('ticket');
  const trading = opts.trading === undefined ? new RecordingTrading() : opts.trading;
  const calls: { id: string; params: unknown }[] = [];
  const exchange = {
    call: (id: string, params: unknown) => {
      calls.push({ id, params });
      return (opts.maxOpen ?? (async () => ({ available: '1000', maxOpen: '0.0103' })))(params);
    },
  };
  const columns = opts.columns ?? 60;
  const rows = opts.rows ?? 24;
  const services = unusedServices({ trading: trading?.api ?? null, exchange });
  const control: PriceControl = { load: () => undefined, renders: 0 };
  /** The injected clock; tests may move it. */
  const clock = { t: NOW };
  const app = renderPanel(<Host control={control} columns={columns} rows={rows} />, { store, services, columns, rows, now: () => clock.t, ...(opts.orderGuards ? { context: { orderGuards: opts.orderGuards } } : {}) });
  return { store, trading, app, columns, rows, calls, control, clock };
}

type App = ReturnType<typeof setup>['app'];

function expectFits(frame: string, columns: number, rows: number): void {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(rows);
  for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(columns);
}

/** Lets the passive effects (key capture registration) run before the next key. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

async function keys(app: App, ...list: string[]): Promise<void> {
  for (const k of list) {
    await app.press(k);
    await settle();
  }
}

/** Field order (cursor skips the info row "sends"). */
const FIELD = { side: 0, type: 1, price: 2, qty: 3, tif: 4, intent: 5, margin: 6, tp: 7, sl: 8 } as const;

async function goTo(app: App, field: keyof typeof FIELD): Promise<void> {
  await keys(app, ...Array<string>(FIELD[field]).fill(DOWN));
}

/** Moves to a text field, starts editing, clears it and types `text`, then finishes with Enter. */
async function typeInto(app: App, field: 'price' | 'qty' | 'tp' | 'sl', text: string, opts: { readonly fromTop?: boolean } = {}): Promise<void> {
  if (opts.fromTop !== false) await keys(app, ...Array<string>(20).fill(UP));
  await goTo(app, field);
  await keys(app, ENTER);
  await waitFor(() => app.frame().includes('▌'), () => app.frame());
  await keys(app, BACKSPACE.repeat(24), text, ENTER);
  await waitFor(() => !app.frame().includes('▌'), () => app.frame());
}

afterEach(() => cleanup());

describe('TicketPanel', () => {
  it('shows every field of a futures ticket with greyed reasons, the preview and max open, and fits 60x24', async () => {
    const { app, columns, rows, calls } = setup();
    await app.waitForText('max open 0.0103 · available 1000');
    const frame = app.frame();
    expect(frame).toContain('Ticket USDT-FUTURES BTCUSDT');
    expect(frame).toContain('side        — buy, set by the intent');
    expect(frame).toContain('intent      open long');
    expect(frame).toContain('sends       buy (one-way)');
    expect(frame).toContain('qty          BTC');
    expect(frame).toContain('autoBorrow  — spot only');
    expect(frame).toContain('venue       — Reality pairs only');
    expect(frame).toContain('to place: enter a price');
    expect(calls).toEqual([{ id: 'account.getMaxOpenAvailable', params: { category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: '97000' } }]);
    expectFits(frame, columns, rows);
  });

  it('an empty ticket does not re-render with the market; with a quantity it re-renders when a best or the last price changes, not on every publish', async () => {
    const { store, app, control } = setup();
    await app.waitForText('max open');
    await settle();
    const key = 'USDT-FUTURES:BTCUSDT';
    const book = (bid: string, second: string, at: number) =>
      store.getState().setBooks({ [key]: { bids: [{ price: bid, size: '1', cum: d('1') }, { price: second, size: '2', cum: d('3') }], asks: [{ price: '97000.5', size: '1', cum: d('1') }], seq: String(at), source: 'books5', updatedAt: at, synced: true } }, at);
    // Empty: nothing on the ticket moves with the market, not even a new best bid or last price.
    let before = control.renders;
    book('96999.5', '96990', NOW + 1);
    store.getState().setTickers([ticker(BTC_PERP, '96999')], NOW + 1);
    await settle();
    expect(control.renders).toBe(before);

    // With a quantity, its checks and the value preview use the prices.
    await typeInto(app, 'qty', '0.01');
    await settle();
    before = control.renders;
    // Deeper levels, sizes and a ticker with the same prices: nothing the ticket shows.
    for (let i = 2; i <= 6; i += 1) {
      book('96999.5', `9699${i}`, NOW + i);
      store.getState().setTickers([ticker(BTC_PERP, '96999')], NOW + i);
      await settle();
    }
    expect(control.renders).toBe(before);
    book('97000.2', '96990', NOW + 10);
    await waitFor(() => control.renders > before);
    const after = control.renders;
    store.getState().setTickers([ticker(BTC_PERP, '97001')], NOW + 11);
    await waitFor(() => control.renders > after);
  });


  it('fits 40x16 and scrolls the fields to the cursor', async () => {
    const { app, columns, rows } = setup({ columns: 40, rows: 16 });
    await app.waitForText('max open');
    expectFits(app.frame(), columns, rows);
    expect(app.frame()).not.toContain('rToken tif');
    await keys(app, ...Array<string>(15).fill('j'));
    await app.waitForText('rToken tif');
    expectFits(app.frame(), columns, rows);
  });

  it('prefills the price from the best bid on the first edit and steps it by the tick', async () => {
    const { app } = setup();
    await app.waitForText('max open');
    await goTo(app, 'price');
    await keys(app, ENTER);
    await app.waitForText('price       97000▌ USDT');
    await keys(app, UP);
    await app.waitForText('97000.5▌');
    await keys(app, UP, UP);
    await app.waitForText('97001.5▌');
    await keys(app, DOWN);
    await app.waitForText('97001▌');
  });

  it('shows each validation reason under its field and sends nothing', async () => {
    const { app, trading } = setup();
    await app.waitForText('max open');
    await typeInto(app, 'price', '97.0.1');
    await app.waitForText('price "97.0.1" is not a plain decimal number');
    await keys(app, 'o');
    await app.waitForText('not sent: price "97.0.1" is not a plain decimal number');
    await typeInto(app, 'price', '97000.25');
    await app.waitForText('price 97000.25 has 2 decimals; BTCUSDT allows 1');
    await typeInto(app, 'price', '97000.3');
    await app.waitForText('price must be a multiple of 0.5: try 97000 or 97000.5');
    await typeInto(app, 'price', '97000');
    await typeInto(app, 'qty', '0.0001');
    await app.waitForText('quantity 0.0001 has 4 decimals; BTCUSDT allows 3');
    await typeInto(app, 'qty', '0.000');
    await app.waitForText('quantity must be above 0');
    await keys(app, 'o');
    await app.waitForText('not sent: quantity must be above 0');
    expect(trading?.submitted).toEqual([]);
  });

  it('shows the quantity unit: spot market buy in USDT, market sell in BTC', async () => {
    const { app } = setup({ inst: BTC_SPOT });
    await app.waitForText('qty          BTC');
    await keys(app, 'm');
    await app.waitForText('qty          USDT');
    expect(app.frame()).toContain('tif         — ioc (market)');
    expect(app.frame()).toContain('price       — market order: no price');
    await keys(app, 's');
    await app.waitForText('qty          BTC');
  });

  it('shows the intent mapping in hedge mode (from a position) and in one-way mode', async () => {
    const hedge = setup({ positions: [position()] });
    await hedge.app.waitForText('sends       buy · posSide long (hedge)');
    await goTo(hedge.app, 'intent');
    await keys(hedge.app, RIGHT, RIGHT);
    await hedge.app.waitForText('intent      close long');
    expect(hedge.app.frame()).toContain('sends       sell · posSide long (hedge)');
    cleanup();
    const oneWay = setup();
    await goTo(oneWay.app, 'intent');
    await keys(oneWay.app, RIGHT, RIGHT);
    await oneWay.app.waitForText('sends       sell · reduceOnly yes (one-way)');
  });

  it('greys TP/SL on coin-margined futures, and shows market-only TP/SL and venue on Reality pairs', async () => {
    const cm = setup({ inst: BTC_CM });
    await cm.app.waitForText('take-profit — coin-margined: no preset TP/SL');
    expect(cm.app.frame()).toContain('stop-loss   — coin-margined: no preset TP/SL');
    expect(cm.app.frame()).toContain('USD (contracts)');
    cleanup();
    const r = setup({ inst: RAAPL });
    await r.app.waitForText('take-profit none market only');
    expect(r.app.frame()).toContain('venue       lit_market');
    expect(r.app.frame()).toContain('rToken tif  gtd');
    expect(r.app.frame()).toContain('tp/sl by    — futures only');
  });

  it('refuses opening on XRPUSDT (limit_open) with the reason but allows close intents', async () => {
    const { app, trading } = setup({ inst: XRP_LIMIT_OPEN });
    await app.waitForText('opening positions on XRPUSDT is restricted right now;');
    expect(app.frame()).toContain('closing is allowed');
    await typeInto(app, 'price', '0.5');
    await typeInto(app, 'qty', '20');
    await keys(app, 'o');
    await app.waitForText('not sent: opening positions on XRPUSDT is restricted');
    expect(trading?.submitted).toEqual([]);
    await keys(app, ...Array<string>(20).fill(UP));
    await goTo(app, 'intent');
    await keys(app, RIGHT, RIGHT, RIGHT);
    await app.waitForText('intent      close short');
    await app.waitForText('ready:');
    await keys(app, 'o');
    await app.waitForText('Place this order?');
    await keys(app, 'y');
    await waitFor(() => trading?.submitted.length === 1);
    expect(trading?.submitted[0]).toMatchObject({ symbol: 'XRPUSDT', side: 'buy', reduceOnly: true });
  });

  it('confirms, then sends exactly the shown request and shows the outcome until the next edit', async () => {
    const { app, trading, store } = setup();
    await app.waitForText('max open');
    await typeInto(app, 'price', '97000');
    await typeInto(app, 'qty', '0.01');
    await typeInto(app, 'tp', '99000');
    await app.waitForText('ready:');
    await keys(app, 'o');
    await app.waitForText('Place this order?');
    const frame = app.frame();
    expect(frame).toContain('buy 0.01 BTC BTCUSDT @ 97000');
    expect(frame).toContain('USDT-FUTURES · limit · tif gtc');
    expect(frame).toContain('margin crossed');
    expect(frame).toContain('TP 99000 by market');
    expect(store.getState().ui.overlay).toBe('ticketConfirm');
    await keys(app, 'n');
    await app.waitForText('ready:');
    expect(trading?.submitted).toEqual([]);
    await keys(app, 'o');
    await app.waitForText('Place this order?');
    // Enter on the confirmation never sends; y does.
    await keys(app, ENTER, ENTER);
    await settle();
    expect(trading?.submitted).toEqual([]);
    expect(store.getState().ui.overlay).toBe('ticketConfirm');
    await keys(app, 'y');
    await app.waitForText('accepted: order 123 · c-1');
    expect(trading?.submitted).toEqual([
      { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '97000', timeInForce: 'gtc', marginMode: 'crossed', takeProfit: '99000', tpTriggerBy: 'market' },
    ]);
    expect(store.getState().ui.overlay).toBeNull();
    await keys(app, 's');
    await waitFor(() => !app.frame().includes('accepted:'), () => app.frame());
  });

  it('a whole ticket typed in one chunk (a fast typist, an SSH link) reviews exactly what was typed', async () => {
    const { app, trading, store } = setup();
    await app.waitForText('max open');
    // Down to price, edit, 96500, done; down to qty, edit, 0.02, done; o reviews — all one stdin chunk.
    await app.press(`${DOWN}${DOWN}${ENTER}96500${ENTER}${DOWN}${ENTER}0.02${ENTER}o`);
    await app.waitForText('Place this order?');
    expect(app.frame()).toContain('buy 0.02 BTC BTCUSDT @ 96500');
    expect(store.getState().ui.overlay).toBe('ticketConfirm');
    // y in the same chunk as o never sends: the confirmation takes its own key.
    await keys(app, 'n');
    await app.press('oy');
    await app.waitForText('Place this order?');
    await settle();
    expect(trading?.submitted).toEqual([]);
  });

  it('shows rejected (exchange code and message) and unknown outcomes', async () => {
    const { app, trading } = setup();
    if (!trading) throw new Error('no trading double');
    trading.outcome = { status: 'rejected', clientOid: 'c-2', error: '40762 The order amount exceeds the balance', sent: true };
    await typeInto(app, 'price', '97000');
    await typeInto(app, 'qty', '0.01');
    await keys(app, 'o');
    await app.waitForText('Place this order?');
    await keys(app, 'y');
    await app.waitForText('rejected: 40762 The order amount exceeds the balance');
    trading.outcome = { status: 'unknown', clientOid: 'c-3', error: 'timeout', sent: true };
    await keys(app, 'o');
    await app.waitForText('Place this order?');
    await keys(app, 'y');
    await app.waitForText('unknown: checking by clientOid c-3 (timeout)');
  });

  it('shows "—" for max open when the lookup fails', async () => {
    const { app, calls } = setup({ maxOpen: async () => Promise.reject(new Error('40014 no permission')) });
    await app.waitForText('max open —');
    await keys(app, 's');
    await app.waitForText('max open: asking…');
    await app.waitForText('max open —');
    expect(calls.map((c) => c.params)).toEqual([
      { category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: '97000' },
      { category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side: 'sell', price: '97000.5' },
    ]);
  });

  it('is read-only without API keys: nothing can be placed', async () => {
    const { app, store, calls } = setup({ trading: null });
    await app.waitForText('no API keys: read-only');
    expect(app.frame()).toContain('max open —');
    await keys(app, 'o');
    await waitFor(() => store.getState().ui.log.some((e) => e.text === 'Review the order: no API keys: read-only'));
    expect(app.frame()).not.toContain('Place this order?');
    expect(calls).toEqual([]);
  });

  it('loads a price pushed by the book (loadPrice) and switches to limit', async () => {
    const { app, control } = setup();
    await keys(app, 'm');
    await app.waitForText('price       — market order: no price');
    control.load({ price: '96500.5', nonce: 1 });
    await app.waitForText('price       96500.5 USDT');
    await typeInto(app, 'price', '97000');
    control.load({ price: '96500.5', nonce: 2 });
    await app.waitForText('price       96500.5 USDT');
  });

  it('fits 40x16 through a whole order: errors, confirmation and outcome', async () => {
    const { app, trading, columns, rows } = setup({ columns: 40, rows: 16 });
    await typeInto(app, 'price', '97000.3');
    await app.waitForText('price must be a multiple of 0.5');
    expectFits(app.frame(), columns, rows);
    await typeInto(app, 'price', '97000');
    await typeInto(app, 'qty', '0.01');
    await keys(app, 'o');
    await app.waitForText('Place this order?');
    expectFits(app.frame(), columns, rows);
    await keys(app, 'y');
    await app.waitForText('accepted: order 123');
    expectFits(app.frame(), columns, rows);
    expect(trading?.submitted).toHaveLength(1);
  });

  it('stays within 30x6', async () => {
    const { app, columns, rows } = setup({ columns: 30, rows: 6 });
    await app.waitForText('Ticket');
    expectFits(app.frame(), columns, rows);
    await keys(app, 'o');
    await app.waitForText('not sent');
    expectFits(app.frame(), columns, rows);
  });

  it('Enter on a choice field picks its next option, never reviews; Enter while editing only finishes the edit', async () => {
    const { app, trading } = setup();
    await typeInto(app, 'price', '97000');
    await typeInto(app, 'qty', '0.01');
    await app.waitForText('ready:');
    await keys(app, UP, UP);
    await keys(app, ENTER);
    await app.waitForText('type        market');
    await keys(app, ENTER);
    await app.waitForText('type        limit');
    expect(app.frame()).not.toContain('Place this order?');
    await keys(app, DOWN, ENTER);
    await app.waitForText('97000▌');
    await keys(app, ENTER);
    await waitFor(() => !app.frame().includes('▌'), () => app.frame());
    expect(app.frame()).not.toContain('Place this order?');
    expect(trading?.submitted).toEqual([]);
  });

  it('the chunk "j Enter 5 Enter o" (one stdin read) edits the next field and reviews the typed value', async () => {
    const { app, store, trading } = setup();
    await typeInto(app, 'price', '97000');
    // The cursor rests on price; one chunk: down to qty, edit, 5, done, review.
    await app.press(`j${ENTER}5${ENTER}o`);
    await app.waitForText('Place this order?');
    expect(app.frame()).toContain('buy 5 BTC BTCUSDT @ 97000');
    expect(store.getState().ui.overlay).toBe('ticketConfirm');
    expect(trading?.submitted).toEqual([]);
  });

  it('a quantity does not carry into another unit: switching BTCUSDT to the coin-margined BTCUSD clears it and says so', async () => {
    const { app, store } = setup();
    await typeInto(app, 'qty', '0.01');
    await app.waitForText('qty         0.01 BTC');
    store.getState().selectSymbol({ category: BTC_CM.category, symbol: BTC_CM.symbol });
    await app.waitForText('qty cleared: 0.01 BTC does not carry to BTCUSD');
    expect(app.frame()).not.toContain('0.01 USD');
  });

  it('futures: shows the leverage and the margin the order needs, and warns before review above max open', async () => {
    const { app, store } = setup();
    store.getState().setAccountExtras({
      debts: null, funding: null, delta: null, updatedAt: NOW,
      settings: { accountMode: 'unified', assetMode: 'union', accountLevel: 'advanced', holdMode: 'one_way_mode', stpMode: 'none', deltaSwitch: false, symbolLeverage: [{ category: 'USDT-FUTURES', symbol: 'BTCUSDT', marginMode: 'crossed', leverage: d('10') }], coinLeverage: [] },
    });
    await typeInto(app, 'price', '97000');
    await typeInto(app, 'qty', '0.005');
    await app.waitForText('10x margin 48.50 USDT');
    await app.waitForText('max open 0.0103');
    await typeInto(app, 'qty', '0.05');
    await app.waitForText('! qty 0.05 is above max open 0.0103');
    await app.waitForText('10x margin 485.00 USDT');
  });

  it('take-profit and stop-loss show the estimated PnL at their trigger', async () => {
    const { app } = setup();
    await typeInto(app, 'price', '97000');
    await typeInto(app, 'qty', '0.01');
    await typeInto(app, 'tp', '98000');
    await app.waitForText('98000 USDT ≈ +10.00 at trigger');
    await typeInto(app, 'sl', '96500');
    await app.waitForText('96500 USDT ≈ -5.00 at trigger');
  });

  it('a digit typed on a resting text field edits it at once (no Enter), never a panel key; letters it refuses say so', async () => {
    const { app, store, trading } = setup();
    await goTo(app, 'qty');
    await app.press('0.01');
    await app.waitForText('0.01▌');
    expect(store.getState().ui.focus).toBe('ticket');
    // While editing, a letter is refused with a hint and runs no command (c would close, s would sell).
    await app.press('cs');
    await waitFor(() => store.getState().ui.hint?.text.includes('qty takes digits and .') ?? false, () => JSON.stringify(store.getState().ui.hint));
    expect(app.frame()).toContain('0.01▌');
    expect(app.frame()).toContain('intent      open long');
    // Escape leaves the field; the digit typed next starts it again, replacing the value.
    await keys(app, ESC);
    await waitFor(() => !app.frame().includes('▌'), () => app.frame());
    await app.press('2');
    await app.waitForText('qty         2▌');
    expect(store.getState().ui.focus).toBe('ticket');
    expect(trading?.submitted).toEqual([]);
  });

  it('stops editing when the panel loses focus, so typed keys no longer reach the field', async () => {
    const { app, store } = setup();
    await goTo(app, 'qty');
    await keys(app, ENTER, '0.5');
    await app.waitForText('0.5▌');
    store.getState().setFocus('book');
    await waitFor(() => !app.frame().includes('▌'), () => app.frame());
    await settle();
    await keys(app, '7');
    expect(app.frame()).toContain('qty         0.5 BTC');
  });
});

describe('TicketPanel order guards', () => {


  /** Types a limit order of `qty` at `price` and opens the confirmation. */
  async function review(app: App, price: string, qty = '0.01'): Promise<void> {
    await typeInto(app, 'price', price);
    await typeInto(app, 'qty', qty);
    await app.waitForText('ready:');
    await keys(app, 'o');
    await app.waitForText('Place this order?');
  }

  it('lists the warnings; the first y only acknowledges, the second y sends and logs the override', async () => {
    const { app, trading, store, columns, rows } = setup({ bookAt: NOW - 7150 });
    await review(app, '106700');
    await app.waitForText('Place this order? 2 warnings');
    expect(app.frame()).toContain('! book data 7.2 s old (limit 5 s)');
    expect(app.frame()).toContain('! limit 106700 is 10.0% above last 97000 (limit 5%)');
    expect(app.frame()).toContain('y: acknowledge the warnings · n/Esc back');
    expect(app.frame()).toContain('buy 0.01 BTC BTCUSDT @ 106700');
    expectFits(app.frame(), columns, rows);
    await keys(app, 'y');
    await app.waitForText('press y again to send anyway · Esc back');
    expect(trading?.submitted).toEqual([]);
    expect(store.getState().ui.overlay).toBe('ticketConfirm');
    await keys(app, 'y');
    await app.waitForText('accepted: order 123');
    expect(trading?.submitted).toHaveLength(1);
    expect(trading?.submitted[0]).toMatchObject({ price: '106700', qty: '0.01' });
    expect(store.getState().ui.log.some((e) => e.level === 'warn' && e.text === 'ticket: sent despite book data 7.2 s old (limit 5 s); limit 106700 is 10.0% above last 97000 (limit 5%)')).toBe(true);
  });

  it('Enter neither acknowledges nor overrides a warning; Escape cancels, and the next review asks again', async () => {
    const { app, trading, store } = setup({ accountAt: null });
    await review(app, '97000');
    await app.waitForText('! no account data received yet (balances unknown)');
    await keys(app, ENTER);
    await settle();
    expect(app.frame()).not.toContain('press y again to send anyway');
    await keys(app, 'y');
    await app.waitForText('press y again to send anyway');
    await keys(app, ENTER);
    await settle();
    expect(trading?.submitted).toEqual([]);
    expect(store.getState().ui.overlay).toBe('ticketConfirm');
    await keys(app, ESC);
    await waitFor(() => store.getState().ui.overlay === null, () => app.frame());
    await app.waitForText('ready:');
    expect(trading?.submitted).toEqual([]);
    await keys(app, 'o');
    await app.waitForText('y: acknowledge the warnings');
    await keys(app, 'n');
    await app.waitForText('ready:');
    expect(trading?.submitted).toEqual([]);
  });

  it('measures the price against the mark and uses the limits from the app context', async () => {
    const limits = { bookMaxAgeMs: 5000, accountMaxAgeMs: 30_000, maxPriceDeviationPct: d('1'), maxNotional: d('500') };
    const { app, trading } = setup({ mark: '95000', orderGuards: limits });
    await review(app, '97000');
    await app.waitForText('! limit 97000 is 2.2% above mark 95000 (limit 1%)');
    expect(app.frame()).toContain('! order value 970 USDT over the 500 limit');
    await keys(app, 'y', 'y');
    await waitFor(() => trading?.submitted.length === 1, () => app.frame());
  });

  it('refuses without an order book: no confirmation, nothing sent', async () => {
    const { app, trading, store } = setup({ bookAt: null });
    await typeInto(app, 'price', '97000');
    await typeInto(app, 'qty', '0.01');
    await keys(app, 'o');
    await app.waitForText('not sent: no order book data for BTCUSDT yet');
    expect(store.getState().ui.overlay).toBeNull();
    expect(trading?.submitted).toEqual([]);
  });

  it('data going stale while the confirmation is open turns the y into an acknowledgement', async () => {
    const { app, trading, store, clock } = setup();
    await review(app, '97000');
    expect(app.frame()).toContain('y sends · n/Esc back');
    clock.t = NOW + 6000;
    store.getState().setAccount(ACCOUNT, clock.t);
    await keys(app, 'y');
    await app.waitForText('! book data 6.0 s old (limit 5 s)');
    await app.waitForText('press y again to send anyway');
    expect(trading?.submitted).toEqual([]);
    await keys(app, 'y');
    await waitFor(() => trading?.submitted.length === 1, () => app.frame());
  });

  it('fits 40x16 and 30x8 with warnings, keeping the hint visible', async () => {
    for (const [columns, rows] of [[40, 16], [30, 8]] as const) {
      const { app } = setup({ columns, rows, bookAt: NOW - 9000, accountAt: null });
      await review(app, '120000', '1');
      await app.waitForText('4 warnings');
      await app.waitForText('y: acknowledge');
      expectFits(app.frame(), columns, rows);
      // Warnings wrap rather than lose their limits (where there is room for them).
      if (columns === 40) expect(app.frame()).toMatch(/! limit 120000 is 23\.8% above last[^\n]*\n[^\n]*97000 \(limit 5%\)/);
      cleanup();
    }
  });
});
