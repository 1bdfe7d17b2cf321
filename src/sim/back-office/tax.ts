/**
 * `tax.getMarginRecords` (legacy margin tax records). Each account has 26 seeded records, one
 * every 2.5 days before the back office started, cycling through all 13 `marginTaxType`s and
 * alternating cross / isolated so every type appears in both. Amounts are signed: outflows
 * (transfer_out, repay, fees, deal_out, …) are negative; `total` = amount + fee.
 */
import { Decimal } from 'decimal.js';
import { badParam } from './errors.js';
import { asParams, optCoin, optEnum, optInt, optString, reqTime } from './params.js';

/** Every margin tax record type. */
export const MARGIN_TAX_TYPES = [
  'transfer_in', 'transfer_out', 'borrow', 'repay', 'liquidation_fee', 'compensate', 'deal_in', 'deal_out',
  'system_fee_in', 'interest_repay', 'confiscated', 'exchange_in', 'exchange_out',
] as const;

const OUTFLOWS = new Set<string>(['transfer_out', 'repay', 'liquidation_fee', 'deal_out', 'interest_repay', 'confiscated', 'exchange_out']);

/** Longest allowed startTime–endTime span, in ms (30 days, the official page's newer copies). */
export const TAX_MAX_SPAN_MS = 30 * 24 * 3_600_000;

/** Number of seeded records per account. */
export const TAX_SEED_COUNT = 26;

/** One stored record: the wire form plus the margin mode it belongs to. */
interface TaxRecord {
  readonly id: bigint;
  readonly ts: number;
  readonly marginType: 'crossed' | 'isolated';
  readonly wire: Readonly<Record<string, string>>;
}

const COINS = [
  { coin: 'USDT', symbol: 'BTCUSDT', unit: new Decimal('12.5') },
  { coin: 'BTC', symbol: 'BTCUSDT', unit: new Decimal('0.0004') },
  { coin: 'ETH', symbol: 'ETHUSDT', unit: new Decimal('0.006') },
] as const;

/** Builds the seeded records of one account; `seededAt` is the back office's start (Unix ms). */
function seedRecords(seededAt: number): TaxRecord[] {
  const out: TaxRecord[] = [];
  for (let k = 1; k <= TAX_SEED_COUNT; k += 1) {
    const type = MARGIN_TAX_TYPES[(k - 1) % MARGIN_TAX_TYPES.length] ?? 'transfer_in';
    const c = COINS[(k - 1) % COINS.length] ?? COINS[0];
    const size = c.unit.mul(k);
    const amount = OUTFLOWS.has(type) ? size.neg() : size;
    const fee = type.startsWith('deal_') ? size.mul('0.001').neg() : new Decimal(0);
    // One a day from 27 days back to 2 days back, so one 30-day query holds them all.
    const ts = seededAt - (TAX_SEED_COUNT + 2 - k) * 24 * 3_600_000;
    const id = 1_200_000_000_000_000_000n + BigInt(k);
    out.push({
      id,
      ts,
      marginType: k % 2 === 0 ? 'isolated' : 'crossed',
      wire: { id: id.toString(), coin: c.coin, symbol: c.symbol, marginTaxType: type, amount: amount.toFixed(), fee: fee.toFixed(), total: amount.plus(fee).toFixed(), ts: String(ts) },
    });
  }
  return out;
}

/** Margin tax records of every account. */
export class TaxRecords {
  private readonly byUid = new Map<string, TaxRecord[]>();

  /** `seededAt` anchors the seeded records (Unix ms). */
  constructor(private readonly seededAt: number) {}

  /** `tax.getMarginRecords`: newest first; `idLessThan` continues from a previous page. */
  query(uid: string, raw: unknown): Readonly<Record<string, string>>[] {
    const p = asParams(raw);
    // `crossed` on the newer official copies, `cross` on the older one: both mean cross margin.
    const typeSent = optEnum(p, 'marginType', ['isolated', 'crossed', 'cross'] as const);
    const marginType = typeSent === 'cross' ? 'crossed' : typeSent;
    const coin = optCoin(p, 'coin');
    const startTime = reqTime(p, 'startTime');
    const endTime = reqTime(p, 'endTime');
    if (endTime < startTime) throw badParam('endTime', 'must not be earlier than startTime');
    if (endTime - startTime > TAX_MAX_SPAN_MS) throw badParam('endTime', 'the startTime–endTime span may be at most 30 days');
    const limit = optInt(p, 'limit', 1, 500) ?? 500;
    const idText = optString(p, 'idLessThan');
    if (idText !== undefined && !/^\d{1,30}$/.test(idText)) throw badParam('idLessThan', `expected a record id, got "${idText}"`);
    const idLessThan = idText === undefined ? undefined : BigInt(idText);
    let records = this.byUid.get(uid);
    if (!records) {
      records = seedRecords(this.seededAt);
      this.byUid.set(uid, records);
    }
    return records
      .filter((r) => r.ts >= startTime && r.ts <= endTime)
      .filter((r) => (marginType === undefined || r.marginType === marginType) && (coin === undefined || r.wire['coin'] === coin))
      .filter((r) => idLessThan === undefined || r.id < idLessThan)
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(0, limit)
      .map((r) => r.wire);
  }
}
