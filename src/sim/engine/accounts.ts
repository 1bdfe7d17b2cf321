/**
 * Balances per coin per UID, spot-order locks, financial records and account settings.
 * System accounts (market maker, taker) have unlimited balance: nothing is recorded for them.
 * A negative balance is debt (margin auto-borrow).
 */
import { Decimal } from 'decimal.js';
import type { BalanceLedger } from '../contract.js';
import { Codes, isSystemUid, reject, ZERO } from './types.js';

/** Balance of one coin. */
export interface CoinBalance {
  /** Total balance; negative = debt. */
  balance: Decimal;
  /** Locked for open spot/margin orders. */
  locked: Decimal;
}

/** One financial-record row. */
export interface FinancialRecord {
  readonly id: string;
  readonly uid: string;
  readonly category: string;
  readonly symbol: string;
  readonly coin: string;
  /** e.g. trade, fee, funding_fee, liquidation, or a back office reason such as borrow. */
  readonly type: string;
  readonly amount: Decimal;
  readonly fee: Decimal;
  /** Balance after the change. */
  readonly balance: Decimal;
  readonly ts: number;
}

/** Per-account settings (account/settings). */
export interface AccountSettings {
  holdMode: 'one_way_mode' | 'hedge_mode';
  /** basic, advanced, isolated or delta. */
  accountLevel: string;
  deltaSwitch: boolean;
  /** Leverage per "CATEGORY|SYMBOL" (futures) — default 10. */
  readonly symbolLeverage: Map<string, number>;
  /** Leverage per coin (margin) — default 3. */
  readonly coinLeverage: Map<string, number>;
}

/** Opening balances of the demo account. */
export const DEMO_BALANCES: Readonly<Record<string, string>> = { USDT: '100000', BTC: '2', ETH: '20', USDC: '10000', BGB: '1000' };

/** Default futures leverage. */
export const DEFAULT_LEVERAGE = 10;

/** Balances, locks, records and settings of every account. */
export class Accounts implements BalanceLedger {
  private readonly coins = new Map<string, Map<string, CoinBalance>>();
  private readonly settingsByUid = new Map<string, AccountSettings>();
  /** Financial records, oldest first. */
  readonly records: FinancialRecord[] = [];
  /** Record ids grow from the start time (as order and execution ids do), so a restarted exchange never repeats one: the trade journal keys records by id. */
  private recordSeq: number;
  /** Margin reserved for futures positions and orders of (uid, coin); set by the engine. */
  reserved: (uid: string, coin: string) => Decimal = () => ZERO;

  /**
   * @param now exchange clock (Unix ms)
   * @param onChange called with the UID whenever a balance or lock changes (not for system accounts)
   */
  constructor(
    private readonly now: () => number,
    private readonly onChange: (uid: string) => void,
  ) {
    this.recordSeq = Math.floor(now() / 1000) * 10_000 + 1;
  }

  /** The coin map of an account (created empty). */
  wallet(uid: string): Map<string, CoinBalance> {
    let w = this.coins.get(uid);
    if (!w) {
      w = new Map();
      this.coins.set(uid, w);
    }
    return w;
  }

  private entry(uid: string, coin: string): CoinBalance {
    const w = this.wallet(uid);
    let e = w.get(coin);
    if (!e) {
      e = { balance: ZERO, locked: ZERO };
      w.set(coin, e);
    }
    return e;
  }

  /** Sets an account's balances to `balances` (wallet, settings and records cleared). */
  seed(uid: string, balances: Readonly<Record<string, string>>): void {
    this.coins.delete(uid);
    this.settingsByUid.delete(uid);
    for (let i = this.records.length - 1; i >= 0; i -= 1) if (this.records[i]?.uid === uid) this.records.splice(i, 1);
    for (const [coin, amount] of Object.entries(balances)) this.entry(uid, coin).balance = new Decimal(amount);
    this.onChange(uid);
  }

  /** Total balance (negative = debt). */
  balance(uid: string, coin: string): Decimal {
    return this.coins.get(uid)?.get(coin)?.balance ?? ZERO;
  }

  /** Locked by open spot orders. */
  locked(uid: string, coin: string): Decimal {
    return this.coins.get(uid)?.get(coin)?.locked ?? ZERO;
  }

  /** Free balance: balance − locked − reserved futures margin, never negative. */
  available(uid: string, coin: string): Decimal {
    if (isSystemUid(uid)) return new Decimal('1e30');
    const free = this.balance(uid, coin).minus(this.locked(uid, coin)).minus(this.reserved(uid, coin));
    return free.isNegative() ? ZERO : free;
  }

  /** Adds `amount` (back office operations). */
  credit(uid: string, coin: string, amount: Decimal, reason: string): void {
    this.change(uid, coin, amount, { type: reason });
  }

  /** Removes `amount`; 25202 if not available. */
  debit(uid: string, coin: string, amount: Decimal, reason: string): void {
    if (!isSystemUid(uid) && this.available(uid, coin).lt(amount))
      reject(Codes.INSUFFICIENT_BALANCE, `Insufficient balance: ${coin} available ${this.available(uid, coin).toFixed()} is less than ${amount.toFixed()}`);
    this.change(uid, coin, amount.negated(), { type: reason });
  }

  /** Applies a signed change with no availability check and records it. */
  change(uid: string, coin: string, delta: Decimal, rec: { type: string; category?: string; symbol?: string; fee?: Decimal; silent?: boolean }): void {
    if (isSystemUid(uid) || delta.isZero()) return;
    const e = this.entry(uid, coin);
    e.balance = e.balance.plus(delta);
    this.records.push({
      id: String(this.recordSeq++),
      uid,
      category: rec.category ?? '',
      symbol: rec.symbol ?? '',
      coin,
      type: rec.type,
      amount: delta,
      fee: rec.fee ?? ZERO,
      balance: e.balance,
      ts: this.now(),
    });
    if (rec.silent !== true) this.onChange(uid);
  }

  /** Adds to (or with a negative amount, releases from) the spot-order lock. */
  lock(uid: string, coin: string, amount: Decimal): void {
    if (isSystemUid(uid) || amount.isZero()) return;
    const e = this.entry(uid, coin);
    e.locked = Decimal.max(ZERO, e.locked.plus(amount));
  }

  /** The account's settings (defaults: one-way mode, advanced level). */
  settings(uid: string): AccountSettings {
    let s = this.settingsByUid.get(uid);
    if (!s) {
      s = { holdMode: 'one_way_mode', accountLevel: 'advanced', deltaSwitch: false, symbolLeverage: new Map(), coinLeverage: new Map() };
      this.settingsByUid.set(uid, s);
    }
    return s;
  }

  /** Futures leverage for a pair. */
  leverageOf(uid: string, category: string, symbol: string): number {
    return this.settings(uid).symbolLeverage.get(`${category}|${symbol}`) ?? DEFAULT_LEVERAGE;
  }

  /** Every account UID with a wallet. */
  uids(): string[] {
    return [...this.coins.keys()];
  }
}
