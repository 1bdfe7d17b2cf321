/**
 * Test support for the back office's tests: an in-memory ledger, settable prices and a settable clock.
 * Not used by the running exchange.
 */
import { Decimal } from 'decimal.js';
import { SimRejection, type BalanceLedger, type BackOfficeDeps, type SimEvent } from '../contract.js';

/** A ledger over a map of balances; records every movement. */
export class FakeLedger implements BalanceLedger {
  private readonly balances = new Map<string, Decimal>();
  /** Every credit (+) and debit (−) in order: [uid, coin, signed amount, reason]. */
  readonly moves: [string, string, string, string][] = [];

  /** Sets a balance directly. */
  set(uid: string, coin: string, amount: string): void {
    this.balances.set(`${uid}/${coin}`, new Decimal(amount));
  }

  /** The balance (zero if none). */
  available(uid: string, coin: string): Decimal {
    return this.balances.get(`${uid}/${coin}`) ?? new Decimal(0);
  }

  /** Adds to the balance and records the move. */
  credit(uid: string, coin: string, amount: Decimal, reason: string): void {
    this.balances.set(`${uid}/${coin}`, this.available(uid, coin).plus(amount));
    this.moves.push([uid, coin, amount.toFixed(), reason]);
  }

  /** Removes from the balance; refuses with 25202 like the engine's ledger. */
  debit(uid: string, coin: string, amount: Decimal, reason: string): void {
    const have = this.available(uid, coin);
    if (have.lt(amount)) throw new SimRejection('25202', 'Insufficient balance');
    this.balances.set(`${uid}/${coin}`, have.minus(amount));
    this.moves.push([uid, coin, amount.neg().toFixed(), reason]);
  }
}

/** BackOffice dependencies whose time, prices and ledger a test controls. */
export interface FakeBackOfficeDeps extends BackOfficeDeps {
  readonly ledger: FakeLedger;
  /** Emitted events, in order. */
  readonly events: SimEvent[];
  /** Sets the exchange time (Unix ms). */
  setNow(ms: number): void;
  /** Sets a coin's USDT price. */
  setPrice(coin: string, price: string): void;
}

/** Start time of the fake clock: 2026-11-01T00:00:00Z. */
export const FAKE_T0 = Date.UTC(2026, 10, 1);

/** Fake deps at FAKE_T0 with BTC 50000, ETH 2500, BGB 1, USDT/USDC 1. */
export function fakeBackOfficeDeps(speed = 1): FakeBackOfficeDeps {
  let now = FAKE_T0;
  const prices = new Map<string, Decimal>([
    ['BTC', new Decimal(50000)], ['ETH', new Decimal(2500)], ['BGB', new Decimal(1)], ['USDT', new Decimal(1)], ['USDC', new Decimal(1)],
  ]);
  const events: SimEvent[] = [];
  return {
    now: () => now,
    speed,
    priceUsdt: (coin) => prices.get(coin) ?? new Decimal(0),
    ledger: new FakeLedger(),
    emit: (e) => events.push(e),
    events,
    setNow: (ms) => {
      now = ms;
    },
    setPrice: (coin, price) => {
      prices.set(coin, new Decimal(price));
    },
  };
}

/** Runs `fn` and returns the SimRejection it throws (fails if it does not throw one). */
export function rejection(fn: () => unknown): SimRejection {
  try {
    fn();
  } catch (e) {
    if (e instanceof SimRejection) return e;
    throw e;
  }
  throw new Error('expected a SimRejection, but the call succeeded');
}
