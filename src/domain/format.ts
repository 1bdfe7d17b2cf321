import { Decimal } from 'decimal.js';

/**
 * Display-only formatting. The only place where money is rounded, and only to show it. Fixed
 * decimals and right alignment keep columns stable, so a line whose values did not change renders
 * byte-identical. Widths count UTF-16 code units, i.e. terminal cells for the ASCII we print.
 */

/** Shown for a missing value. */
export const MISSING = '-';

function fixed(d: Decimal, decimals: number): string {
  const text = d.toFixed(Math.max(0, decimals), Decimal.ROUND_HALF_UP);
  // A value that rounds to zero shows no sign ("-0.00" → "0.00").
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** Groups the integer digits of a plain decimal string with commas ("-1234567.5" → "-1,234,567.5"). */
export function groupThousands(text: string): string {
  const neg = text.startsWith('-');
  const body = neg ? text.slice(1) : text;
  const dot = body.indexOf('.');
  const int = dot < 0 ? body : body.slice(0, dot);
  const frac = dot < 0 ? '' : body.slice(dot);
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${grouped}${frac}`;
}

/** A price with exactly `precision` decimals (half up); `-` for null. */
export function fmtPrice(d: Decimal | null, precision: number): string {
  return d === null ? MISSING : fixed(d, precision);
}

/** A quantity with exactly `precision` decimals (half up); `-` for null. */
export function fmtQty(d: Decimal | null, precision: number): string {
  return d === null ? MISSING : fixed(d, precision);
}

/** A decimal with `decimals` places and thousands separators ("1,234.50"); `-` for null. */
export function fmtGrouped(d: Decimal | null, decimals: number): string {
  return d === null ? MISSING : groupThousands(fixed(d, decimals));
}

/** US dollars: "$1,234,567.89", "-$12.50"; `decimals` default 2; `-` for null. */
export function fmtUsd(d: Decimal | null, decimals = 2): string {
  if (d === null) return MISSING;
  const text = groupThousands(fixed(d, decimals));
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** Options for `fmtPct`. */
export interface PctOptions {
  /** Decimals of the percentage. Default 2. */
  readonly decimals?: number;
  /** Prefix positive values with '+'. Default false. */
  readonly signed?: boolean;
}

/** A fraction as a percentage (0.01833 → "1.83%"); `-` for null. */
export function fmtPct(fraction: Decimal | null, options: PctOptions = {}): string {
  if (fraction === null) return MISSING;
  const text = fixed(fraction.times(100), options.decimals ?? 2);
  const plus = options.signed === true && !text.startsWith('-') && !/^0(\.0*)?$/.test(text) ? '+' : '';
  return `${plus}${text}%`;
}

/** Large values compactly: "987.65", "12.35K", "4.57M", "7.89B", "1.23T" (2 decimals default). */
export function fmtCompact(d: Decimal | null, decimals = 2): string {
  if (d === null) return MISSING;
  const units: readonly [string, number][] = [
    ['T', 12],
    ['B', 9],
    ['M', 6],
    ['K', 3],
  ];
  const abs = d.abs();
  for (const [suffix, exp] of units) {
    const scale = new Decimal(10).pow(exp);
    if (abs.gte(scale)) return `${fixed(d.div(scale), decimals)}${suffix}`;
  }
  return fixed(d, decimals);
}

/** Right-aligns `text` in `width` cells with spaces on the left; longer text is returned whole. */
export function padLeft(text: string, width: number): string {
  return text.length >= width ? text : ' '.repeat(width - text.length) + text;
}

/** Left-aligns `text` in `width` cells with spaces on the right; longer text is returned whole. */
export function padRight(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/** Exactly `width` cells: padded on the right, or cut with a trailing '…' when longer. */
export function fit(text: string, width: number): string {
  if (width <= 0) return '';
  if (text.length <= width) return padRight(text, width);
  return `${text.slice(0, width - 1)}…`;
}

/** Exactly `width` cells, right-aligned; longer text is cut with a leading '…' kept visible. */
export function fitLeft(text: string, width: number): string {
  if (width <= 0) return '';
  if (text.length <= width) return padLeft(text, width);
  return `…${text.slice(text.length - width + 1)}`;
}
