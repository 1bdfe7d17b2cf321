import widestLine from 'widest-line';

/**
 * Ink 7.1.1 measures every text node through ink/build/measure-text.js, which caches the size of
 * every text it has ever measured in a Map that is never emptied. A dashboard's texts change with
 * the market (prices, sizes, times), so that Map grew by ~150 entries a second at 160x48 (~9 000 a
 * minute): an RSS leak of megabytes a minute. The bundled build (scripts/bundle.mjs) puts this in
 * its place: the same measure (widest line, line count) with a cache emptied when it holds
 * `MAX_MEASURED` texts.
 */

/** Texts kept measured before the cache is emptied (a few seconds of a busy screen). */
export const MAX_MEASURED = 4000;

const cache = new Map<string, { width: number; height: number }>();

/** Width (widest line, in columns) and height (lines) of `text`, as Ink's measureText. */
export function measureText(text: string): { width: number; height: number } {
  if (text.length === 0) return { width: 0, height: 0 };
  let size = cache.get(text);
  if (size === undefined) {
    if (cache.size >= MAX_MEASURED) cache.clear();
    size = { width: widestLine(text), height: text.split('\n').length };
    cache.set(text, size);
  }
  return size;
}

/** Texts measured and kept now (tests). */
export function measuredTexts(): number {
  return cache.size;
}
