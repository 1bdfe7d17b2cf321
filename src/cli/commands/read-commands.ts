import type { AccountSummary, Loan, Order, Position, Ticker } from '../../domain/model.js';
import { UsageError } from '../args.js';
import { expectPositionals, parseCategory, parseSymbolRef, type ParsedArgs } from './flags.js';
import { dec, isoTime, renderCsv, renderJson, renderList, renderTable, type Column, type Row, type Table } from './output.js';
import type { BookSnapshot } from '../../exchange/wire/market-mappers.js';
import { readAccount, readLoans, readOpenOrders, readPositions } from '../../exchange/rest/private-reads.js';
import { openRestReader, readBook, readTicker, type RestReader } from './rest-reads.js';
import type { CommandTarget } from './target.js';

/**
 * The read commands: `positions`, `orders`, `account`, `loans`, `book SYMBOL`, `ticker SYMBOL`.
 * One REST read each (no sockets); a table by default, `--json` or `--csv` with every field.
 */

const R = 'right' as const;

const POSITION_COLUMNS: readonly Column[] = [
  { key: 'category', inTable: false },
  { key: 'symbol' },
  { key: 'posSide', header: 'side' },
  { key: 'holdMode', inTable: false },
  { key: 'marginMode', header: 'margin' },
  { key: 'marginCoin', inTable: false },
  { key: 'size', align: R },
  { key: 'available', align: R, inTable: false },
  { key: 'avgPrice', header: 'entry', align: R },
  { key: 'markPrice', header: 'mark', align: R },
  { key: 'liqPrice', header: 'liq', align: R },
  { key: 'unrealisedPnl', header: 'uPnL', align: R },
  { key: 'leverage', header: 'lev', align: R },
  { key: 'margin', align: R, inTable: false },
  { key: 'takeProfit', header: 'TP', align: R },
  { key: 'stopLoss', header: 'SL', align: R },
  { key: 'updatedTime', inTable: false },
];

/** A position's row (every field; decimals as strings). */
export function positionRow(p: Position): Row {
  return {
    category: p.category,
    symbol: p.symbol,
    posSide: p.posSide,
    holdMode: p.holdMode,
    marginMode: p.marginMode,
    marginCoin: p.marginCoin,
    size: dec(p.size),
    available: dec(p.available),
    avgPrice: dec(p.avgPrice),
    markPrice: dec(p.markPrice),
    liqPrice: p.liqPrice.gt(0) ? dec(p.liqPrice) : null,
    unrealisedPnl: dec(p.unrealisedPnl),
    leverage: dec(p.leverage),
    margin: dec(p.margin),
    takeProfit: dec(p.takeProfit),
    stopLoss: dec(p.stopLoss),
    updatedTime: isoTime(p.updatedTime),
  };
}

const ORDER_COLUMNS: readonly Column[] = [
  { key: 'orderId' },
  { key: 'clientOid', inTable: false },
  { key: 'category', inTable: false },
  { key: 'symbol' },
  { key: 'side' },
  { key: 'orderType', header: 'type' },
  { key: 'price', align: R },
  { key: 'qty', align: R },
  { key: 'cumExecQty', header: 'filled', align: R },
  { key: 'avgPrice', align: R, inTable: false },
  { key: 'status' },
  { key: 'timeInForce', header: 'tif' },
  { key: 'posSide', inTable: false },
  { key: 'reduceOnly', inTable: false },
  { key: 'createdTime', header: 'created' },
  { key: 'updatedTime', inTable: false },
];

/** An order's row (every field; decimals as strings). */
export function orderRow(o: Order): Row {
  return {
    orderId: o.orderId,
    clientOid: o.clientOid,
    category: o.category,
    symbol: o.symbol,
    side: o.side,
    orderType: o.orderType,
    price: dec(o.price),
    qty: dec(o.qty),
    cumExecQty: dec(o.cumExecQty),
    avgPrice: dec(o.avgPrice),
    status: o.status,
    timeInForce: o.timeInForce,
    posSide: o.posSide,
    reduceOnly: o.reduceOnly,
    createdTime: isoTime(o.createdTime),
    updatedTime: isoTime(o.updatedTime),
  };
}

const LOAN_COLUMNS: readonly Column[] = [
  { key: 'orderId' },
  { key: 'loanCoin', header: 'loan' },
  { key: 'loanAmount', header: 'amount', align: R },
  { key: 'interestAmount', header: 'interest', align: R },
  { key: 'hourInterestRate', inTable: false },
  { key: 'pledgeCoin', header: 'collateral' },
  { key: 'pledgeAmount', header: 'pledged', align: R },
  { key: 'pledgeRate', header: 'ratio', align: R },
  { key: 'supRate', header: 'marginCall', align: R },
  { key: 'forceRate', header: 'liquidation', align: R },
  { key: 'borrowTime', inTable: false },
  { key: 'expireTime', header: 'expires' },
];

/** A loan's row; ratios are fractions (0.65 = 65 %). */
export function loanRow(l: Loan): Row {
  return {
    orderId: l.orderId,
    loanCoin: l.loanCoin,
    loanAmount: dec(l.loanAmount),
    interestAmount: dec(l.interestAmount),
    hourInterestRate: dec(l.hourInterestRate),
    pledgeCoin: l.pledgeCoin,
    pledgeAmount: dec(l.pledgeAmount),
    pledgeRate: dec(l.pledgeRate),
    supRate: dec(l.supRate),
    forceRate: dec(l.forceRate),
    borrowTime: isoTime(l.borrowTime),
    expireTime: isoTime(l.expireTime),
  };
}

const ASSET_COLUMNS: readonly Column[] = [{ key: 'coin' }, { key: 'equity', align: R }, { key: 'balance', align: R }, { key: 'available', align: R }, { key: 'locked', align: R }, { key: 'debt', align: R }, { key: 'usdValue', align: R }];

function accountTables(a: AccountSummary): { figures: Record<string, string | null>; coins: Table } {
  const figures = { equity: dec(a.equity), effEquity: dec(a.effEquity), imr: dec(a.imr), mmr: dec(a.mmr), marginRatio: dec(a.mgnRatio), unrealisedPnl: dec(a.unrealisedPnl), updatedTime: isoTime(a.updatedTime) };
  const rows = a.assets.map((c): Row => ({ coin: c.coin, equity: dec(c.equity), balance: dec(c.balance), available: dec(c.available), locked: dec(c.locked), debt: dec(c.debt), usdValue: dec(c.usdValue) }));
  return { figures, coins: { columns: ASSET_COLUMNS, rows } };
}

/** `key  value` lines for one record. */
function keyValueTable(record: Readonly<Record<string, string | number | boolean | null>>): string {
  return renderTable({ columns: [{ key: 'field' }, { key: 'value' }], rows: Object.entries(record).map(([field, value]) => ({ field, value })) }, '');
}

function tickerRecord(t: Ticker): Record<string, string | null> {
  return {
    category: t.category,
    symbol: t.symbol,
    lastPrice: dec(t.lastPrice),
    bid1Price: dec(t.bid1Price),
    ask1Price: dec(t.ask1Price),
    markPrice: dec(t.markPrice),
    indexPrice: dec(t.indexPrice),
    high24h: dec(t.high24h),
    low24h: dec(t.low24h),
    open24h: dec(t.open24h),
    change24h: dec(t.change24h),
    volume24h: dec(t.volume24h),
    turnover24h: dec(t.turnover24h),
    fundingRate: dec(t.fundingRate),
    openInterest: dec(t.openInterest),
    deliveryStatus: t.deliveryStatus,
    time: isoTime(t.ts),
  };
}

function bookTable(b: BookSnapshot): Table {
  const rows: Row[] = [...[...b.asks].reverse().map((l) => ({ side: 'ask', ...l })), ...b.bids.map((l) => ({ side: 'bid', ...l }))];
  return { columns: [{ key: 'side' }, { key: 'price', align: R }, { key: 'size', align: R }], rows };
}

/** `--depth N` of `book`: 1–200, default 10. */
function depthOf(args: ParsedArgs): number {
  const text = args.values.get('--depth');
  if (text === undefined) return 10;
  if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > 200) throw new UsageError(`book: --depth must be a whole number from 1 to 200 (got "${text}")`);
  return Number(text);
}

/** The scope of `orders`: `--symbol [CAT:]SYM` and/or `--category CAT`. */
function orderScope(args: ParsedArgs): { readonly category?: Order['category']; readonly symbol?: string } {
  const symbolText = args.values.get('--symbol');
  const categoryText = args.values.get('--category');
  const ref = symbolText === undefined ? null : parseSymbolRef(symbolText, 'orders');
  const category = categoryText === undefined ? ref?.category : parseCategory(categoryText, 'orders');
  if (ref && category !== ref.category && symbolText?.includes(':')) throw new UsageError(`orders: --symbol ${symbolText} and --category ${categoryText ?? ''} disagree`);
  return { ...(category ? { category } : {}), ...(ref ? { symbol: ref.symbol } : {}) };
}

/** One read command: what it reads and how it prints, given the REST reader. */
type ReadRun = (args: ParsedArgs, reader: RestReader) => Promise<string>;

const READS: Readonly<Record<string, ReadRun>> = {
  positions: async (args, reader) => {
    expectPositionals(args, 0, 0, 'positions', '[--json|--csv]');
    return renderList({ columns: POSITION_COLUMNS, rows: (await readPositions(reader.api)).map(positionRow) }, args.common.format, 'no open positions');
  },
  orders: async (args, reader) => {
    expectPositionals(args, 0, 0, 'orders', '[--symbol [CATEGORY:]SYMBOL] [--category CATEGORY] [--json|--csv]');
    const orders = await readOpenOrders(reader.api, orderScope(args));
    return renderList({ columns: ORDER_COLUMNS, rows: orders.map(orderRow) }, args.common.format, 'no open orders');
  },
  loans: async (args, reader) => {
    expectPositionals(args, 0, 0, 'loans', '[--json|--csv]');
    return renderList({ columns: LOAN_COLUMNS, rows: (await readLoans(reader.api)).map(loanRow) }, args.common.format, 'no ongoing loans');
  },
  account: async (args, reader) => {
    expectPositionals(args, 0, 0, 'account', '[--json|--csv]');
    const { figures, coins } = accountTables(await readAccount(reader.api, Date.now()));
    if (args.common.format === 'json') return renderJson({ ...figures, assets: coins.rows });
    if (args.common.format === 'csv') return renderCsv(coins);
    return `${keyValueTable(figures)}\n${renderTable(coins, 'no coins')}`;
  },
  ticker: async (args, reader) => {
    expectPositionals(args, 1, 1, 'ticker', '[CATEGORY:]SYMBOL');
    const ref = parseSymbolRef(args.positionals[0] ?? '', 'ticker');
    const t = await readTicker(reader.api, ref, Date.now());
    if (t === null) throw new UsageError(`ticker: the exchange lists no ticker for ${ref.category}:${ref.symbol}`);
    const record = tickerRecord(t);
    if (args.common.format === 'json') return renderJson(record);
    if (args.common.format === 'csv') return renderCsv({ columns: Object.keys(record).map((key) => ({ key })), rows: [record] });
    return keyValueTable(record);
  },
  book: async (args, reader) => {
    expectPositionals(args, 1, 1, 'book', '[CATEGORY:]SYMBOL [--depth N]');
    const ref = parseSymbolRef(args.positionals[0] ?? '', 'book');
    const b = await readBook(reader.api, ref, depthOf(args));
    if (args.common.format === 'json') return renderJson({ category: ref.category, symbol: ref.symbol, time: isoTime(b.ts), asks: b.asks, bids: b.bids });
    return renderList(bookTable(b), args.common.format, `the ${ref.symbol} book is empty`);
  },
};

/** Runs read command `name` on an open target; resolves with the text to print. */
export async function runRead(name: string, args: ParsedArgs, target: CommandTarget): Promise<string> {
  const run = READS[name];
  if (!run) throw new UsageError(`unknown command "${name}"`);
  const reader = openRestReader(target);
  try {
    return await run(args, reader);
  } finally {
    await reader.close();
  }
}
