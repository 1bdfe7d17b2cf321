import { createExchangeApi } from '../../src/exchange/rest/facade.js';
import { AccountService } from '../../src/services/account-service.js';
import type { AppServices, ExchangeCalls } from '../../src/services/app-services.js';
import { HistoryService } from '../../src/services/history-service.js';
import { LoanService } from '../../src/services/loan-service.js';

/**
 * The typed services (loans, account queries, history) as the app builds them, over a wire-level
 * exchange double: a UI test answers and records operation calls by id and wire params, and the
 * real services and mappers sit between it and the UI.
 */
export function servicesOverWire(exchange: ExchangeCalls): Pick<AppServices, 'loans' | 'account' | 'history'> {
  const api = createExchangeApi({ call: (id, params) => exchange.call(id, params) });
  return { loans: new LoanService({ api }), account: new AccountService({ api }), history: new HistoryService({ api }) };
}
