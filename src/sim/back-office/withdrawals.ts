/**
 * Withdrawal requests and `account.cancelWithdrawal`. A request waits in a cooling-off period
 * (its amount frozen in the funding wallet) before it is processed; only then can it be
 * cancelled. Each account starts with three seeded requests, timed from the back office's creation:
 *
 * | orderId             | clientOid     | amount    | state                          |
 * |---------------------|---------------|-----------|--------------------------------|
 * | 8800000000000000001 | demo-wd-usdt  | 50 USDT   | cooling off for 24 h           |
 * | 8800000000000000002 | demo-wd-btc   | 0.01 BTC  | cooling off for 48 h           |
 * | 8800000000000000003 | demo-wd-done  | 20 USDT   | processed 3 days before start  |
 */
import { Decimal } from 'decimal.js';
import { SimRejection } from '../contract.js';
import { BackOfficeCode, missingParam, notFound } from './errors.js';
import type { FundingWallets } from './funding.js';
import { asParams, optString } from './params.js';

/** Where a request is: cooling-off (cancellable), processed or cancelled. */
export type WithdrawalState = 'cooling' | 'processed' | 'cancelled';

/** One withdrawal request. */
interface Withdrawal {
  readonly orderId: string;
  readonly clientOid: string;
  readonly coin: string;
  readonly amount: Decimal;
  /** Unix ms when the cooling-off period ends. */
  readonly coolingUntil: number;
  state: WithdrawalState;
}

const HOUR = 3_600_000;

/** Withdrawal requests of every account. */
export class Withdrawals {
  private readonly byUid = new Map<string, Withdrawal[]>();

  /** `seededAt` (Unix ms) anchors the seeded requests; `now` is exchange time. */
  constructor(
    private readonly funding: FundingWallets,
    private readonly seededAt: number,
    private readonly now: () => number,
  ) {}

  private requests(uid: string): Withdrawal[] {
    let list = this.byUid.get(uid);
    if (!list) {
      const t = this.seededAt;
      list = [
        { orderId: '8800000000000000001', clientOid: 'demo-wd-usdt', coin: 'USDT', amount: new Decimal(50), coolingUntil: t + 24 * HOUR, state: 'cooling' },
        { orderId: '8800000000000000002', clientOid: 'demo-wd-btc', coin: 'BTC', amount: new Decimal('0.01'), coolingUntil: t + 48 * HOUR, state: 'cooling' },
        { orderId: '8800000000000000003', clientOid: 'demo-wd-done', coin: 'USDT', amount: new Decimal(20), coolingUntil: t - 72 * HOUR, state: 'processed' },
      ];
      for (const w of list) if (w.state === 'cooling') this.funding.freeze(uid, w.coin, w.amount);
      this.byUid.set(uid, list);
    }
    return list;
  }

  /** Processes requests whose cooling-off has ended by `now`: their frozen funds leave. */
  settle(now: number): void {
    for (const [uid, list] of this.byUid) {
      for (const w of list) {
        if (w.state === 'cooling' && now >= w.coolingUntil) {
          w.state = 'processed';
          this.funding.release(uid, w.coin, w.amount);
        }
      }
    }
  }

  /** `account.cancelWithdrawal`: by orderId, else clientOid; returns "success". */
  cancel(uid: string, raw: unknown): string {
    const p = asParams(raw);
    const orderId = optString(p, 'orderId');
    const clientOid = optString(p, 'clientOid');
    if (orderId === undefined && clientOid === undefined) throw missingParam('orderId');
    const list = this.requests(uid);
    this.settle(this.now());
    const w = orderId !== undefined ? list.find((x) => x.orderId === orderId) : list.find((x) => x.clientOid === clientOid);
    if (!w) throw notFound(orderId !== undefined ? `Withdrawal order ${orderId}` : `Withdrawal with clientOid ${clientOid ?? ''}`);
    if (w.state !== 'cooling') {
      throw new SimRejection(
        BackOfficeCode.NOT_COOLING_OFF,
        `Withdrawal ${w.orderId} is already ${w.state}; only a request still in its cooling-off period can be cancelled`,
      );
    }
    w.state = 'cancelled';
    this.funding.unfreeze(uid, w.coin, w.amount);
    return 'success';
  }

  /** Seeds `uid`'s requests (and their frozen funds) if not done yet. */
  touch(uid: string): void {
    this.requests(uid);
  }
}
