import { createRng } from '../domain/rng.js';
import { Decimal } from 'decimal.js';
import type { Category } from '../domain/model.js';
import type { JournalFill, JournalFinancialRecord, JournalLoanEvent } from './journal-types.js';

/**
 * Journal rows for tests and the benchmark (not used by the app): one fill with overrides, and
 * seeded streams of fills, funding and interest across symbols and days with the amounts' text
 * chosen to reach every path of the sums (many decimals, negatives, spot fills without PnL).
 */

/** A USDT-futures fill at 2026-01-05 10:00 UTC; `over` replaces fields. */
export function makeFill(over: Partial<JournalFill> = {}): JournalFill {
  return {
    execId: 'e-1',
    orderId: 'o-1',
    clientOid: 'c-1',
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    side: 'buy',
    price: new Decimal('91234.5'),
    qty: new Decimal('0.012'),
    fee: new Decimal('0.65688840'),
    feeCoin: 'USDT',
    scope: 'taker',
    pnl: new Decimal('12.5'),
    time: Date.UTC(2026, 0, 5, 10),
    ...over,
  };
}

/** A small deterministic generator: uniform in [0, 1). */
export function seeded(seed: number): () => number {
  return createRng(seed).next;
}

/** Options of `randomFills`. */
export interface RandomFillsOptions {
  /** Rows to make. */
  readonly count: number;
  /** Symbols, `SYM0USDT` … (default 20). */
  readonly symbols?: number;
  /** Unix ms of the first moment. Default 2026-01-01 00:00 UTC. */
  readonly from?: number;
  /** Days spanned. Default 200. */
  readonly days?: number;
  /** Seed. Default 1. */
  readonly seed?: number;
  /** Share of amounts with more than 12 decimals (no exact shadow). Default 0.01. */
  readonly longDecimals?: number;
}

const CATEGORIES: readonly Category[] = ['USDT-FUTURES', 'USDT-FUTURES', 'USDT-FUTURES', 'USDC-FUTURES', 'COIN-FUTURES', 'SPOT'];

/** A signed decimal text with up to `places` decimals (from an integer, never via a float). */
function amount(rnd: () => number, maxUnits: number, places: number, signed: boolean): Decimal {
  const digits = Math.floor(rnd() * maxUnits * 10 ** Math.min(places, 6));
  let text = String(digits).padStart(Math.min(places, 6) + 1, '0');
  text = `${text.slice(0, text.length - Math.min(places, 6))}.${text.slice(text.length - Math.min(places, 6))}`;
  if (places > 6) text += String(Math.floor(rnd() * 10 ** (places - 6))).padStart(places - 6, '0');
  return new Decimal(signed && rnd() < 0.5 ? `-${text}` : text);
}

/** `count` fills spread over `days` days and `symbols` symbols, oldest first, unique execIds. */
export function randomFills(options: RandomFillsOptions): JournalFill[] {
  const rnd = seeded(options.seed ?? 1);
  const symbols = options.symbols ?? 20;
  const from = options.from ?? Date.UTC(2026, 0, 1);
  const span = (options.days ?? 200) * 86_400_000;
  const long = options.longDecimals ?? 0.01;
  const out: JournalFill[] = [];
  for (let k = 0; k < options.count; k += 1) {
    const s = k % symbols;
    const category = CATEGORIES[s % CATEGORIES.length] ?? 'USDT-FUTURES';
    const feeCoin = category === 'USDC-FUTURES' ? 'USDC' : category === 'COIN-FUTURES' ? 'BTC' : category === 'SPOT' && rnd() < 0.5 ? 'BTC' : 'USDT';
    const places = rnd() < long ? 15 : 8;
    out.push({
      execId: `x${String(k).padStart(8, '0')}`,
      orderId: `o${k >> 1}`,
      clientOid: `c${k >> 1}`,
      category,
      symbol: `SYM${s}USDT`,
      side: rnd() < 0.5 ? 'buy' : 'sell',
      price: amount(rnd, 100_000, 1, false),
      qty: amount(rnd, 10, 3, false),
      fee: amount(rnd, 5, places, rnd() < 0.1),
      feeCoin,
      scope: rnd() < 0.3 ? 'maker' : 'taker',
      pnl: category === 'SPOT' ? null : rnd() < 0.2 ? new Decimal(0) : amount(rnd, 500, places, true),
      time: from + Math.floor(rnd() * span),
    });
  }
  return out.sort((a, b) => a.time - b.time);
}

/** Funding records (one per symbol every 8 hours) over the days of `randomFills`. */
export function randomFunding(options: { readonly symbols: number; readonly from: number; readonly days: number; readonly seed?: number }): JournalFinancialRecord[] {
  const rnd = seeded(options.seed ?? 2);
  const out: JournalFinancialRecord[] = [];
  for (let t = options.from; t < options.from + options.days * 86_400_000; t += 8 * 3_600_000) {
    for (let s = 0; s < options.symbols; s += 1) {
      out.push({ id: `f-${t}-${s}`, category: 'USDT-FUTURES', symbol: `SYM${s}USDT`, coin: 'USDT', kind: 'funding', amount: amount(rnd, 3, rnd() < 0.05 ? 14 : 8, true), type: 'contract_settle_fee', time: t });
    }
  }
  return out;
}

/** Daily interest events (negative: paid) of one loan in `coin`. */
export function randomInterest(options: { readonly from: number; readonly days: number; readonly coin?: string; readonly seed?: number }): JournalLoanEvent[] {
  const rnd = seeded(options.seed ?? 3);
  const out: JournalLoanEvent[] = [];
  for (let d = 0; d < options.days; d += 1) {
    const time = options.from + d * 86_400_000 + 3_600_000;
    out.push({ id: `i-${time}`, loanId: 'L1', kind: 'interest', loanCoin: options.coin ?? 'USDT', pledgeCoin: 'BTC', amount: amount(rnd, 2, rnd() < 0.1 ? 16 : 8, false).neg(), coin: options.coin ?? 'USDT', ratio: null, time });
  }
  return out;
}
