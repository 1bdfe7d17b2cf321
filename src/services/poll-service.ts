import type { AccountExtras, AccountSettings, DeltaInfo, DebtLine, FundingAsset, LoanDebts, SymbolLeverage } from '../domain/account-extras.js';
import type { ExchangeApi } from '../exchange/rest/facade.js';
import { isExchangeError } from '../exchange/wire/errors.js';
import { wireBool, wireCategory, wireDecimal, wireDecimalOrNull, wireList, wireRecord, wireString, type WireRecord } from '../exchange/wire/wire-values.js';
import type { LogLevelUi } from '../store/slices/ui-slice.js';
import { RepeatingSteps } from './repeating-steps.js';

/**
 * Polling of the account facts the private stream never pushes: loan debts (`loan.getDebts`),
 * funding-account assets, account settings, and delta-neutral info (only while `deltaSwitch` is
 * on). Four requests per period at most, far inside their limits (debts 10/s, the others 20/s per UID).
 */

/** Dependencies of the poll service. */
export interface PollServiceDeps {
  readonly api: ExchangeApi;
  /** Unix ms clock. */
  readonly now: () => number;
  readonly log: (level: LogLevelUi, text: string) => void;
  /** Poll period, ms. Default 30 000. */
  readonly periodMs?: number;
  /** Receives the extras after every completed poll (e.g. a store setter). Default: none. */
  readonly onUpdate?: (extras: AccountExtras) => void;
}

/** Exchange code some accounts get from `loan/debts` when there are no loans (protocol-notes §8.8, unverified). */
const NO_DEBT_DATA = '40054';

function debtLines(value: unknown): DebtLine[] {
  return wireList(value).map((r) => ({ coin: wireString(r.coin), amount: wireDecimal(r.amount), amountUsdt: wireDecimal(r.amountUsdt) })).filter((l) => l.coin !== '');
}

/** Maps a `loan.getDebts` reply. */
export function debtsFromWire(r: WireRecord): LoanDebts {
  return { pledges: debtLines(r.pledgeInfos), loans: debtLines(r.loanInfos) };
}

/** Maps an `account.getFundingAssets` reply (an array). */
export function fundingFromWire(value: unknown): FundingAsset[] {
  return wireList(value)
    .map((r) => ({ coin: wireString(r.coin), balance: wireDecimal(r.balance), available: wireDecimal(r.available), frozen: wireDecimal(r.frozen) }))
    .filter((a) => a.coin !== '');
}

/** Maps an `account.getSettings` reply. */
export function settingsFromWire(r: WireRecord): AccountSettings {
  const accountLevel = wireString(r.accountLevel);
  const symbolLeverage: SymbolLeverage[] = [];
  for (const s of wireList(r.symbolConfigList)) {
    const category = wireCategory(s.category);
    if (category) symbolLeverage.push({ category, symbol: wireString(s.symbol), marginMode: wireString(s.marginMode), leverage: wireDecimal(s.leverage) });
  }
  return {
    accountMode: wireString(r.accountMode),
    assetMode: wireString(r.assetMode),
    accountLevel,
    holdMode: wireString(r.holdMode),
    stpMode: wireString(r.stpMode),
    deltaSwitch: wireBool(r.deltaSwitch) || accountLevel === 'delta',
    symbolLeverage,
    coinLeverage: wireList(r.coinConfigList).map((c) => ({ coin: wireString(c.coin), leverage: wireDecimal(c.leverage) })),
  };
}

/** Maps an `account.getDeltaInfo` reply. */
export function deltaFromWire(r: WireRecord): DeltaInfo {
  return {
    positionThreshold: wireDecimalOrNull(r.positionThreshold),
    coins: wireList(r.list).map((c) => ({ coin: wireString(c.coin), positionRatio: wireDecimal(c.positionRatio) })),
  };
}

/** Polls the stream-less account facts every `periodMs`; one poll at a time. */
export class PollService {
  private extras: AccountExtras = { debts: null, funding: null, settings: null, delta: null, updatedAt: 0 };
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** One step per item, so a lasting failure is logged once, not every period. */
  private readonly steps: RepeatingSteps;

  constructor(private readonly deps: PollServiceDeps) {
    this.steps = new RepeatingSteps({ log: (level, text) => deps.log(level, text), prefix: 'poll' });
  }

  /** Polls now, then every period. */
  start(): void {
    if (this.timer) return;
    void this.pollOnce();
    this.timer = setInterval(() => void this.pollOnce(), this.deps.periodMs ?? 30_000);
    this.timer.unref();
  }

  /**
   * Polls again because something just changed on the exchange (a mode, leverage or loan write):
   * after any poll in flight, whose reads may predate the change. Resolves when done; never rejects.
   */
  refresh(): Promise<void> {
    return (this.running ?? Promise.resolve()).then(() => this.pollOnce());
  }

  /** Stops the timer (a poll in flight still completes). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The latest polled facts. */
  latest(): AccountExtras {
    return this.extras;
  }

  /** Runs one poll (joins the one in flight, if any). Never rejects: failures are logged. */
  pollOnce(): Promise<void> {
    this.running ??= this.poll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async poll(): Promise<void> {
    const { api } = this.deps;
    const settings = await this.steps.value('settings', async () => settingsFromWire(wireRecord(await api.account.getSettings())));
    const debts = await this.steps.value('debts', async () => {
      try {
        return debtsFromWire(wireRecord(await api.loan.getDebts()));
      } catch (error) {
        if (isExchangeError(error, 'EXCH_REJECTED') && error.exchangeCode === NO_DEBT_DATA) return { pledges: [], loans: [] };
        throw error;
      }
    });
    const funding = await this.steps.value('funding assets', async () => fundingFromWire(await api.account.getFundingAssets()));
    const known = settings ?? this.extras.settings;
    // delta-info is only available while the switch is on; with it off (or unknown) the call is skipped.
    const delta = known?.deltaSwitch ? await this.steps.value('delta info', async () => deltaFromWire(wireRecord(await api.account.getDeltaInfo()))) : null;
    this.extras = {
      settings: known,
      debts: debts ?? this.extras.debts,
      funding: funding ?? this.extras.funding,
      delta: known?.deltaSwitch ? (delta ?? this.extras.delta) : null,
      updatedAt: this.deps.now(),
    };
    this.deps.onUpdate?.(this.extras);
  }
}
