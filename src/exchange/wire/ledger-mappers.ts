import { Decimal } from 'decimal.js';
import type { FinancialRecord, FinancialRecordsQuery, HistoryPage } from '../../domain/trade-queries.js';
import type { OperationParams } from './params.js';
import { pageQueryToWire } from './trade-query-mappers.js';
import { badReply, optionalDecimal, optionalText, replyRecord, replyRecords, requiredText } from './reply-check.js';
import { wireCategory, wireInt } from './wire-values.js';

/**
 * The account ledger (`account.getFinancialRecords`, official Get-Financial-Records page), domain ⇄
 * wire: one category a query, 90 days back, at most 30 days a query, paged by cursor. A record
 * carries `id`, `category`, `symbol`, `coin`, `type`, `amount`, `fee`, `balance` and `ts`; the
 * page's example prints the category in mixed case ("Margin"), so it is read in any case.
 */

const OP = 'account.getFinancialRecords';

/** The query of one ledger page. */
export function financialRecordsToWire(q: FinancialRecordsQuery): OperationParams['account.getFinancialRecords'] {
  return pageQueryToWire(q);
}

/** A ledger page; a record without `id` or with a non-number amount is an `EXCH_BAD_REPLY` naming it. */
export function financialRecordsFromWire(data: unknown): HistoryPage<FinancialRecord> {
  const r = replyRecord(OP, data);
  const items = replyRecords(OP, r, 'list').map((row, i): FinancialRecord => {
    const where = `list[${i}].`;
    const id = requiredText(OP, row, 'id', where);
    const amount = optionalDecimal(OP, row, 'amount', where);
    if (amount === null) throw badReply(OP, `${where}amount is missing`);
    const time = wireInt(optionalText(OP, row, 'ts', where));
    if (time <= 0) throw badReply(OP, `${where}ts is not a Unix ms time`);
    return {
      id,
      category: wireCategory(row.category),
      symbol: optionalText(OP, row, 'symbol', where),
      coin: optionalText(OP, row, 'coin', where) ?? '',
      type: optionalText(OP, row, 'type', where) ?? '',
      amount,
      fee: optionalDecimal(OP, row, 'fee', where) ?? new Decimal(0),
      time,
    };
  });
  return { items, next: optionalText(OP, r, 'cursor') };
}
