import { Decimal } from 'decimal.js';
import type { Loan } from '../domain/model.js';
import type { AppStore } from '../store/create-app-store.js';

/** Alarm state of one loan: below the margin-call line, past it, or within the margin of liquidation. */
export type LoanAlarmLevel = 'none' | 'margin_call' | 'near_liquidation';

/** Options of the loan alarms. */
export interface LoanAlarmsOptions {
  readonly store: AppStore;
  /** Current Unix ms. */
  readonly now: () => number;
  /** Rings the terminal bell (the app passes `() => process.stdout.write('\x07')`). */
  readonly bell: () => void;
  /** Ratio distance (fraction) below `forceRate` that counts as near liquidation (default 0.03). */
  readonly marginBeforeLiquidation?: Decimal;
}

/** The alarm level of `loan` for a given liquidation margin (fraction). */
export function loanAlarmLevel(loan: Loan, margin: Decimal): LoanAlarmLevel {
  if (loan.pledgeRate.gte(loan.forceRate.minus(margin))) return 'near_liquidation';
  if (loan.pledgeRate.gte(loan.supRate)) return 'margin_call';
  return 'none';
}

const RANK: Record<LoanAlarmLevel, number> = { none: 0, margin_call: 1, near_liquidation: 2 };

function pct(d: Decimal): string {
  return `${d.times(100).toFixed(1)}%`;
}

/**
 * Watches the store's ongoing loans. `check()` (call it after each loans poll, or subscribe it to
 * the store) raises an alarm once per crossing: when a loan's ratio reaches its margin-call line
 * (`supRate`) or comes within `marginBeforeLiquidation` of its liquidation line (`forceRate`), it sets
 * `ui.banner`, logs to the event log and rings the bell. Nothing repeats while the level holds;
 * when the ratio recovers below the line the level is forgotten (and a banner it set is cleared),
 * so the next crossing alarms again.
 */
export class LoanAlarms {
  private readonly levels = new Map<string, LoanAlarmLevel>();
  private readonly margin: Decimal;
  private bannerOwner: string | null = null;

  constructor(private readonly options: LoanAlarmsOptions) {
    this.margin = options.marginBeforeLiquidation ?? new Decimal('0.03');
  }

  /** Compares every ongoing loan with its lines; returns the loans that raised an alarm now (orderIds). */
  check(): string[] {
    const state = this.options.store.getState();
    const raised: string[] = [];
    const seen = new Set<string>();
    for (const loan of state.loans.ongoing) {
      seen.add(loan.orderId);
      const level = loanAlarmLevel(loan, this.margin);
      const before = this.levels.get(loan.orderId) ?? 'none';
      this.levels.set(loan.orderId, level);
      if (RANK[level] > RANK[before]) {
        raised.push(loan.orderId);
        this.raise(loan, level);
      } else if (level === 'none' && before !== 'none') {
        const at = this.options.now();
        state.logEvent('info', `loan ${loan.orderId} ${loan.loanCoin}/${loan.pledgeCoin}: ratio ${pct(loan.pledgeRate)} back below margin call ${pct(loan.supRate)}`, at);
        if (this.bannerOwner === loan.orderId) this.clearBanner();
      }
    }
    for (const id of [...this.levels.keys()]) {
      if (!seen.has(id)) {
        this.levels.delete(id);
        if (this.bannerOwner === id) this.clearBanner();
      }
    }
    return raised;
  }

  /** Runs `check()` whenever the store's ongoing loans change (and once now); returns the unsubscribe. */
  attach(): () => void {
    const { store } = this.options;
    let last = store.getState().loans.ongoing;
    this.check();
    return store.subscribe((state) => {
      if (state.loans.ongoing === last) return;
      last = state.loans.ongoing;
      this.check();
    });
  }

  /** The remembered level of one loan ('none' when unknown). */
  level(orderId: string): LoanAlarmLevel {
    return this.levels.get(orderId) ?? 'none';
  }

  private raise(loan: Loan, level: LoanAlarmLevel): void {
    const at = this.options.now();
    const what = `loan ${loan.orderId} ${loan.loanCoin}/${loan.pledgeCoin}: ratio ${pct(loan.pledgeRate)}`;
    const text =
      level === 'near_liquidation'
        ? `${what} is near liquidation at ${pct(loan.forceRate)}: add collateral or repay`
        : `${what} passed the margin call at ${pct(loan.supRate)}: add collateral or repay`;
    const bannerLevel = level === 'near_liquidation' ? 'error' : 'warn';
    const state = this.options.store.getState();
    state.setBanner({ level: bannerLevel, text, at });
    this.bannerOwner = loan.orderId;
    state.logEvent(bannerLevel === 'error' ? 'error' : 'warn', text, at);
    this.options.bell();
  }

  private clearBanner(): void {
    this.bannerOwner = null;
    this.options.store.getState().setBanner(null);
  }
}
