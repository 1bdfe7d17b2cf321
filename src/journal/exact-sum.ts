import { Decimal } from 'decimal.js';

/**
 * Exact sums of the journal's decimal amounts. The file keeps each amount as its decimal text and,
 * beside it, three integer "shadow" columns that SQLite can SUM exactly and fast:
 * value = units + micro·10⁻⁶ + pico·10⁻¹² with micro and pico in [0, 10⁶) (units is the floor, so
 * -1.25 is -2 + 0.75). A sum of micro or pico overflows SQLite's 64-bit integer only past 9·10¹²
 * rows. Amounts with more than 12 decimals, or of 10¹⁵ or more, have no shadow (NULL) and are summed
 * here from their text. Everything is BigInt: decimal.js rounds sums to 20 significant digits.
 */

/** Decimals a shadow holds exactly. */
export const SHADOW_DECIMALS = 12;

/** An amount as shadow columns: value = units + micro·10⁻⁶ + pico·10⁻¹². */
export interface ShadowParts {
  /** The floor of the value. */
  readonly units: bigint;
  /** Decimals 1–6 of (value − units), 0 to 999 999. */
  readonly micro: number;
  /** Decimals 7–12 of (value − units), 0 to 999 999. */
  readonly pico: number;
}

/** Amounts at or above this (in absolute value) get no shadow. */
const MAX_UNITS = 10n ** 15n;
const MICRO = 1_000_000;
const MICRO_N = 1_000_000n;
const PICO_PER_UNIT = 10n ** 12n;
const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The shadow of a plain decimal text (`-12.5`, `0.00012`); null when it has none (see above). */
export function shadowOf(text: string): ShadowParts | null {
  const m = DECIMAL_TEXT.exec(text);
  if (m === null) return null;
  const frac = (m[3] ?? '').replace(/0+$/, '');
  if (frac.length > SHADOW_DECIMALS) return null;
  let units = BigInt(m[2] ?? '0');
  if (units >= MAX_UNITS) return null;
  // Below 10^12: exact as a JS number.
  let f = frac === '' ? 0 : Number(frac.padEnd(SHADOW_DECIMALS, '0'));
  if (m[1] === '-') {
    units = -units;
    if (f > 0) {
      units -= 1n;
      f = MICRO * MICRO - f;
    }
  }
  return { units, micro: Math.floor(f / MICRO), pico: f % MICRO };
}

/** The decimal text the journal stores for a Decimal: plain notation, every digit kept. */
export function decimalText(value: Decimal): string {
  return value.toFixed();
}

/** A running exact sum: shadow sums from SQL plus texts without a shadow. */
export class ExactSum {
  /** The sum × 10^scale. */
  private scaled = 0n;
  private scale = SHADOW_DECIMALS;

  /** Adds SQL sums of the shadow columns (null: SUM over no rows). */
  addShadow(units: bigint | null, micro: bigint | null, pico: bigint | null): void {
    if (units === null && micro === null && pico === null) return;
    const at12 = (units ?? 0n) * PICO_PER_UNIT + (micro ?? 0n) * MICRO_N + (pico ?? 0n);
    this.scaled += this.scale === SHADOW_DECIMALS ? at12 : at12 * 10n ** BigInt(this.scale - SHADOW_DECIMALS);
  }

  /** Adds a decimal text (throws on a text that is not a plain decimal: the journal never stores one). */
  addText(text: string): void {
    const m = DECIMAL_TEXT.exec(text);
    if (m === null) throw new Error(`not a decimal: "${text}"`);
    const frac = m[3] ?? '';
    if (frac.length > this.scale) {
      this.scaled *= 10n ** BigInt(frac.length - this.scale);
      this.scale = frac.length;
    }
    const magnitude = BigInt(`${m[2] ?? '0'}${frac.padEnd(this.scale, '0')}`);
    this.scaled += m[1] === '-' ? -magnitude : magnitude;
  }

  /** Adds another sum. */
  addSum(other: ExactSum): void {
    const scale = Math.max(this.scale, other.scale);
    this.scaled = this.scaled * 10n ** BigInt(scale - this.scale) + other.scaled * 10n ** BigInt(scale - other.scale);
    this.scale = scale;
  }

  /** The sum as a Decimal, every digit kept. */
  toDecimal(): Decimal {
    if (this.scaled === 0n) return new Decimal(0);
    const negative = this.scaled < 0n;
    const digits = (negative ? -this.scaled : this.scaled).toString().padStart(this.scale + 1, '0');
    const point = digits.length - this.scale;
    return new Decimal(`${negative ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`);
  }
}
