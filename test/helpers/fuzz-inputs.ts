import fc, { type Arbitrary } from 'fast-check';

/**
 * Shared input generators for the `*.fuzz.test.ts` files (issue 8, "bad input"): mutations of real
 * valid inputs (truncation, char flips, inserted junk, deleted and duplicated ranges, weird numbers
 * swapped in for digit runs), deep nesting, and texts that look like numbers but are not.
 * Everything runs under a fixed seed (`FUZZ_SEED`) so a failure replays exactly.
 */

/** The seed every fuzz test passes to `fc.assert` (a failure prints the path to replay it). */
export const FUZZ_SEED = 20261125;

/** `fc.assert` parameters: the fixed seed and a bounded number of runs. */
export function fuzzParams(numRuns: number): { readonly seed: number; readonly numRuns: number } {
  return { seed: FUZZ_SEED, numRuns };
}

/** Number-like texts a parser must treat with care: special values, exponents, signs, overflow, unicode digits. */
export const WEIRD_NUMBERS: readonly string[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '+1',
  '0',
  '00',
  '007',
  '1e400',
  '1E+400',
  '-1e-400',
  '1e5',
  '.5',
  '5.',
  '1.2.3',
  '0x1F',
  '1_000',
  '1,5',
  '9'.repeat(400),
  `0.${'0'.repeat(399)}1`,
  '18446744073709551616',
  '9007199254740993',
  '\u0663\u0664', // Arabic-Indic digits
  '\uff11\uff12', // fullwidth digits
  '\u00bd', // vulgar fraction one half
  '\u2167', // roman numeral eight
  ' 1',
  '1 ',
  '\t1\n',
  '\u00a01',
  '1\u200b',
  '',
];

/** Junk inserted into valid texts: JSON punctuation, escapes, literals, controls, odd unicode. */
export const JUNK: readonly string[] = [
  '{',
  '}',
  '[',
  ']',
  '"',
  '\\',
  '\\u',
  '\\x41',
  '\\u0041',
  ',',
  ':',
  '-',
  '.',
  'e',
  'E',
  '+',
  'null',
  'true',
  'false',
  'undefined',
  '"x"',
  '[]',
  '{}',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '\u0000',
  '\u0007',
  '\u001b[2J',
  '\u2028',
  '\ufeff',
  '\ud800', // lone surrogate
  '\udc00',
  '\u{1f4a5}',
  '\u0301', // combining acute
  '"__proto__":1,',
  '"constructor":{},',
  ...WEIRD_NUMBERS,
];

/** `[[[…]]]` (or `{"a":{…}}`) nested `depth` deep around `inner`. */
export function nested(depth: number, inner = '0', kind: 'array' | 'object' = 'array'): string {
  return kind === 'array' ? `${'['.repeat(depth)}${inner}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
}

/** Every prefix of `text` (lengths 0 … length - 1): truncation at every position. */
export function truncations(text: string): string[] {
  return Array.from({ length: text.length }, (_, n) => text.slice(0, n));
}

type Mutation = (text: string) => string;

const position = fc.nat({ max: 1 << 20 });
const at = (text: string, p: number): number => (text.length === 0 ? 0 : p % (text.length + 1));

/** One mutation of a text: flip a char, insert junk, delete/duplicate a range, swap a digit run, truncate. */
const mutation: Arbitrary<Mutation> = fc.oneof(
  // Replace one char by an arbitrary (possibly non-ASCII) one.
  fc.tuple(position, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })).map(
    ([p, ch]): Mutation =>
      (t) => {
        const i = at(t, p);
        return t.slice(0, i) + ch + t.slice(i + 1);
      },
  ),
  // Flip one bit of one char's code unit.
  fc.tuple(position, fc.nat({ max: 15 })).map(
    ([p, bit]): Mutation =>
      (t) => {
        if (t.length === 0) return t;
        const i = p % t.length;
        return t.slice(0, i) + String.fromCharCode(t.charCodeAt(i) ^ (1 << bit)) + t.slice(i + 1);
      },
  ),
  // Insert junk.
  fc.tuple(position, fc.constantFrom(...JUNK)).map(
    ([p, junk]): Mutation =>
      (t) => {
        const i = at(t, p);
        return t.slice(0, i) + junk + t.slice(i);
      },
  ),
  // Delete a range.
  fc.tuple(position, fc.nat({ max: 40 })).map(
    ([p, n]): Mutation =>
      (t) => {
        const i = at(t, p);
        return t.slice(0, i) + t.slice(i + n);
      },
  ),
  // Duplicate a range.
  fc.tuple(position, fc.nat({ max: 40 })).map(
    ([p, n]): Mutation =>
      (t) => {
        const i = at(t, p);
        return t.slice(0, i + n) + t.slice(i);
      },
  ),
  // Swap the k-th digit run (numbers, quoted or not) for a weird number.
  fc.tuple(fc.nat({ max: 200 }), fc.constantFrom(...WEIRD_NUMBERS)).map(
    ([k, weird]): Mutation =>
      (t) => {
        const runs = [...t.matchAll(/\d+(?:\.\d+)?/g)];
        const run = runs.length === 0 ? undefined : runs[k % runs.length];
        if (run === undefined) return t;
        return t.slice(0, run.index) + weird + t.slice(run.index + run[0].length);
      },
  ),
  // Wrap a value in deep nesting somewhere.
  fc.tuple(position, fc.integer({ min: 1, max: 300 })).map(
    ([p, depth]): Mutation =>
      (t) => {
        const i = at(t, p);
        return t.slice(0, i) + nested(depth, '1') + t.slice(i);
      },
  ),
  // Truncate.
  position.map(
    (p): Mutation =>
      (t) =>
        t.slice(0, at(t, p)),
  ),
);

/** One of `bases` with 1–4 random mutations applied. */
export function mutated(bases: readonly string[]): Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...bases), fc.array(mutation, { minLength: 1, maxLength: 4 })).map(([base, ms]) => ms.reduce((t, m) => m(t), base));
}

/** Arbitrary text: unicode strings, JSON documents and deep nesting. */
export function randomText(): Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.string({ unit: 'binary-ascii', maxLength: 200 }),
    fc.json({ maxDepth: 4 }),
    fc.constantFrom(...JUNK),
    fc.integer({ min: 1, max: 5000 }).map((d) => nested(d)),
    fc.integer({ min: 1, max: 5000 }).map((d) => nested(d, '1', 'object')),
  );
}

/** Runs `fn` and returns what it threw (undefined when it returned). */
export function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err;
  }
}
