import { Decimal } from 'decimal.js';
import type { FinancialRecord, HistoryPage } from '../../domain/trade-queries.js';
import { page } from './trade-query-mappers.js';
import { badReply, optionalDecimal, optionalText, requiredText } from './reply-check.js';
import { wireCategory, wireInt } from './wire-values.js';

/**
 * The account ledger (`account.getFinancialRecords`, official Get-Financial-Records page), wire →
 * domain (the query is `pageQueryToWire`'s): one category a query, 90 days back, at most 30 days a
 * query, paged by cursor. A record carries `id`, `category`, `symbol`, `coin`, `type`, `amount`,
 * `fee`, `balance` and `ts`; the page's example prints the category in mixed case ("Margin"), so it
 * is read in any case.
 */

const OP = 'account.getFinancialRecords';

/** A ledger page; a record without `id` or with a non-number amount is an `EXCH_BAD_REPLY` naming it. */
export function financialRecordsFromWire(data: unknown): HistoryPage<FinancialRecord> {
  const p = page(OP, data);
  const items = p.list.map((row, i): FinancialRecord => {
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
  return { items, next: p.next };
}
