/**
 * Plain decimal price/size strings as they arrive on the wire ("97000.5", "0.0104": digits with at
 * most one inner '.', no sign or exponent): the float64 sort key of a price, and exact comparisons
 * on the strings. Used by `book-side.ts` (ordering is explained there) and `update-reader.ts`.
 */

/** 10^k for k = 0…22: exactly representable doubles. */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * The sort key of a plain decimal string: the nearest double to its value (what `+text` returns).
 * Fast path: a string of at most 15 chars holds at most 15 digits, so its digits form an exact
 * integer M < 2^53 and M / 10^f (f ≤ 14 fractional digits, 10^f exact) is one correctly rounded
 * IEEE division, i.e. the nearest double to the decimal value. Longer strings use the engine's
 * own correctly rounded parse.
 */
export function priceKey(text: string): number {
  const n = text.length;
  if (n > 15) return +text;
  let m = 0;
  let frac = -1;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2e) frac = n - 1 - i;
    else m = m * 10 + (c - 0x30);
  }
  return priceKeyFromDigits(m, frac);
}

/**
 * The sort key of a price of at most 15 chars from its digits read as one integer `m` and the count
 * of fractional digits `frac` (0 or less when there is no '.'): exactly `priceKey` of that text.
 */
export function priceKeyFromDigits(m: number, frac: number): number {
  return frac <= 0 ? m : m / (POW10[frac] ?? 1);
}

/**
 * Exact comparison of two plain non-negative decimal strings (`"97000.5"`, `"0.0104"`; no sign,
 * exponent or spaces). Returns -1, 0 or 1. Leading integer zeros and trailing fractional zeros do
 * not matter.
 */
export function compareDecimalText(a: string, b: string): number {
  if (a === b) return 0;
  const ad = a.indexOf('.');
  const bd = b.indexOf('.');
  const aInt = ad < 0 ? a.length : ad;
  const bInt = bd < 0 ? b.length : bd;
  let as = 0;
  while (as < aInt - 1 && a.charCodeAt(as) === 0x30) as++;
  let bs = 0;
  while (bs < bInt - 1 && b.charCodeAt(bs) === 0x30) bs++;
  const aLen = aInt - as;
  const bLen = bInt - bs;
  if (aLen !== bLen) return aLen < bLen ? -1 : 1;
  for (let k = 0; k < aLen; k++) {
    const d = a.charCodeAt(as + k) - b.charCodeAt(bs + k);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  let ai = aInt + 1;
  let bi = bInt + 1;
  while (ai < a.length || bi < b.length) {
    const ca = ai < a.length ? a.charCodeAt(ai) : 0x30;
    const cb = bi < b.length ? b.charCodeAt(bi) : 0x30;
    if (ca !== cb) return ca < cb ? -1 : 1;
    ai++;
    bi++;
  }
  return 0;
}

/** True when a plain decimal string is zero ("0", "0.000"). */
export function isZeroText(text: string): boolean {
  if (text.charCodeAt(0) !== 0x30) return false;
  for (let i = 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x30 && c !== 0x2e) return false;
  }
  return true;
}

/** True when `text` holds exactly the chars of `word` at `start` (lengths checked by the caller). */
export function sameChars(text: string, start: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if (text.charCodeAt(start + k) !== word.charCodeAt(k)) return false;
  return true;
}
