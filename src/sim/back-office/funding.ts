/**
 * The funding wallet: a separate account beside the unified trading account (deposits and
 * withdrawals go through it). Each account's wallet is seeded on first use with 500 USDT and
 * 0.05 BTC; pending withdrawals (withdrawals.ts) keep their amount frozen here.
 */
import { Decimal } from 'decimal.js';
import { amountStr } from './loan-catalog.js';

/** One coin in a funding wallet. */
interface FundingLine {
  available: Decimal;
  frozen: Decimal;
}

/** Opening balances of every funding wallet. */
export const FUNDING_SEED: Readonly<Record<string, string>> = { USDT: '500', BTC: '0.05' };

/** The funding wallets of every account. */
export class FundingWallets {
  private readonly wallets = new Map<string, Map<string, FundingLine>>();

  /** The wallet of `uid`, seeded on first use. */
  private wallet(uid: string): Map<string, FundingLine> {
    let w = this.wallets.get(uid);
    if (!w) {
      w = new Map(Object.entries(FUNDING_SEED).map(([coin, v]) => [coin, { available: new Decimal(v), frozen: new Decimal(0) }]));
      this.wallets.set(uid, w);
    }
    return w;
  }

  private line(uid: string, coin: string): FundingLine {
    const w = this.wallet(uid);
    let line = w.get(coin);
    if (!line) {
      line = { available: new Decimal(0), frozen: new Decimal(0) };
      w.set(coin, line);
    }
    return line;
  }

  /** Moves `amount` from available to frozen (a withdrawal is requested); never goes negative. */
  freeze(uid: string, coin: string, amount: Decimal): void {
    const line = this.line(uid, coin);
    const moved = Decimal.min(amount, line.available);
    line.available = line.available.minus(moved);
    line.frozen = line.frozen.plus(moved);
  }

  /** Moves `amount` back from frozen to available (a withdrawal is cancelled). */
  unfreeze(uid: string, coin: string, amount: Decimal): void {
    const line = this.line(uid, coin);
    const moved = Decimal.min(amount, line.frozen);
    line.frozen = line.frozen.minus(moved);
    line.available = line.available.plus(moved);
  }

  /** Removes `amount` from frozen (a withdrawal left the exchange). */
  release(uid: string, coin: string, amount: Decimal): void {
    const line = this.line(uid, coin);
    line.frozen = Decimal.max(0, line.frozen.minus(amount));
  }

  /** `account.getFundingAssets`: coins with a balance, or just `coin` (upper case). */
  assets(uid: string, coin: string | undefined): Record<string, string>[] {
    const out: Record<string, string>[] = [];
    for (const [c, line] of this.wallet(uid)) {
      if (coin !== undefined && c !== coin) continue;
      const balance = line.available.plus(line.frozen);
      if (balance.lte(0)) continue;
      out.push({ coin: c, balance: amountStr(balance), available: amountStr(line.available), frozen: amountStr(line.frozen) });
    }
    return out;
  }
}
