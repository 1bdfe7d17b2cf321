/**
 * The engine's instrument table, parsed from the market feed's wire records. MARGIN orders
 * trade on the SPOT book of the same symbol.
 */
import { Decimal } from 'decimal.js';
import type { SimCategory } from '../contract.js';
import { Codes, reject, type EngineInstrument } from './types.js';

const CATEGORIES: readonly SimCategory[] = ['SPOT', 'MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'];

/** True if `value` is a wire category. */
export function isSimCategory(value: unknown): value is SimCategory {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

function dec(value: string | undefined, fallback: string): Decimal {
  try {
    return new Decimal(value === undefined || value === '' ? fallback : value);
  } catch {
    return new Decimal(fallback);
  }
}

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? Number.NaN : Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : fallback;
}

/** Parses one instrument wire record; null if it lacks category/symbol. */
export function parseInstrument(rec: Readonly<Record<string, string>>): EngineInstrument | null {
  const category = rec['category'];
  const symbol = rec['symbol'];
  if (!isSimCategory(category) || symbol === undefined || symbol === '') return null;
  const futures = category !== 'SPOT' && category !== 'MARGIN';
  const baseCoin = rec['baseCoin'] ?? symbol.replace(/(USDT|USDC|USD_CM|USD)$/, '');
  const quoteCoin = rec['quoteCoin'] ?? (category === 'COIN-FUTURES' ? 'USD' : 'USDT');
  const kind = !futures ? 'spot' : category === 'COIN-FUTURES' ? 'inverse' : 'linear';
  const marginCoin = category === 'COIN-FUTURES' ? baseCoin : category === 'USDC-FUTURES' ? 'USDC' : quoteCoin;
  return {
    category,
    symbol,
    baseCoin,
    quoteCoin,
    marginCoin,
    kind,
    pricePrecision: int(rec['pricePrecision'], 2),
    quantityPrecision: int(rec['quantityPrecision'], 4),
    quotePrecision: int(rec['quotePrecision'], int(rec['pricePrecision'], 2)),
    minOrderQty: dec(rec['minOrderQty'], '0'),
    minOrderAmount: dec(rec['minOrderAmount'], '0'),
    makerFeeRate: dec(rec['makerFeeRate'], futures ? '0.0002' : '0.001'),
    takerFeeRate: dec(rec['takerFeeRate'], futures ? '0.0006' : '0.001'),
    fundInterval: int(rec['fundInterval'], 8),
    maxLeverage: int(rec['maxLeverage'], futures ? 125 : 10),
    buyLimitPriceRatio: dec(rec['buyLimitPriceRatio'], '0'),
    sellLimitPriceRatio: dec(rec['sellLimitPriceRatio'], '0'),
    isReality: rec['isReality'] === 'yes' || rec['isReality'] === 'YES' || rec['isRwa'] === 'YES',
  };
}

/** Lookup table of instruments by category and symbol. */
export class InstrumentTable {
  private readonly byKey = new Map<string, EngineInstrument>();

  /** Builds the table from wire records (unknown categories are skipped). */
  constructor(records: readonly Readonly<Record<string, string>>[]) {
    for (const rec of records) {
      const inst = parseInstrument(rec);
      if (inst) this.byKey.set(`${inst.category}|${inst.symbol}`, inst);
    }
    // Margin trades every spot pair that has no explicit MARGIN record.
    for (const inst of [...this.byKey.values()]) {
      if (inst.category === 'SPOT' && !this.byKey.has(`MARGIN|${inst.symbol}`)) this.byKey.set(`MARGIN|${inst.symbol}`, { ...inst, category: 'MARGIN' });
    }
  }

  /** The instrument, or null. */
  find(category: SimCategory, symbol: string): EngineInstrument | null {
    return this.byKey.get(`${category}|${symbol}`) ?? this.byKey.get(`${category}|${symbol.toUpperCase()}`) ?? null;
  }

  /** The instrument, or a 40034 rejection naming the pair. */
  get(category: SimCategory, symbol: string): EngineInstrument {
    return this.find(category, symbol) ?? reject(Codes.PARAM_MISSING, `Parameter symbol does not exist: no ${category} instrument "${symbol}"`);
  }

  /** Every instrument. */
  all(): readonly EngineInstrument[] {
    return [...this.byKey.values()];
  }
}

/** Book key: MARGIN shares the SPOT book. */
export function bookKey(category: SimCategory, symbol: string): string {
  return `${category === 'MARGIN' ? 'SPOT' : category}|${symbol}`;
}
