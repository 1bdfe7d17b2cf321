import type { FinancialRecord, FinancialRecordsQuery, HistoryPage, MaxOpen, MaxOpenQuery } from '../domain/trade-queries.js';
import type { ExchangeApi } from '../exchange/rest/facade.js';
import { financialRecordsFromWire } from '../exchange/wire/ledger-mappers.js';
import { maxOpenFromWire, maxOpenToWire, pageQueryToWire } from '../exchange/wire/trade-query-mappers.js';
import type { AccountQueries } from './app-services.js';

/** Dependencies of `AccountService`. */
export interface AccountServiceDeps {
  /** The exchange's operations. */
  readonly api: ExchangeApi;
}

/** Account reads the UI asks on demand (the polled ones go to the store through PollService). */
export class AccountService implements AccountQueries {
  constructor(private readonly deps: AccountServiceDeps) {}

  /** How much can be opened (`account.getMaxOpenAvailable`); rejects with the exchange's or the mapper's error. */
  async getMaxOpen(query: MaxOpenQuery): Promise<MaxOpen> {
    return maxOpenFromWire(await this.deps.api.account.getMaxOpenAvailable(maxOpenToWire(query)));
  }

  /** One page of the account ledger of a category, newest first (`account.getFinancialRecords`); rejects with the exchange's or the mapper's error. */
  async getFinancialRecords(query: FinancialRecordsQuery): Promise<HistoryPage<FinancialRecord>> {
    return financialRecordsFromWire(await this.deps.api.account.getFinancialRecords(pageQueryToWire(query)));
  }
}
