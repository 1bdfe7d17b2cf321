/**
 * A small fuzzy matcher for the command palette and the symbol picker: each query word must appear
 * in the text as a case-insensitive subsequence. Matches score higher when they start words,
 * run consecutively and begin early; gaps cost a little. Pure functions, no dependencies.
 */

/** One match: its score (higher is better) and the matched character positions, ascending. */
export interface FuzzyMatch {
  readonly score: number;
  readonly positions: readonly number[];
}

/** Bonus for a character that starts a word (after a separator, a lower→upper change, or at 0). */
const WORD_START = 8;
/** Bonus for a character right after the previous matched one. */
const CONSECUTIVE = 5;
/** Base score of every matched character. */
const MATCHED = 1;
/** Cost per skipped character between two matched ones (capped per gap). */
const GAP = 1;
const GAP_CAP = 4;
/** Cost per character before the first match (capped). */
const LEAD = 0.5;
const LEAD_CAP = 5;

const SEPARATOR = /[\s\-_./:@()[\],]/;

function isWordStart(text: string, i: number): boolean {
  if (i === 0) return true;
  const prev = text[i - 1] ?? '';
  const ch = text[i] ?? '';
  if (SEPARATOR.test(prev)) return true;
  if (/[a-z]/.test(prev) && /[A-Z]/.test(ch)) return true;
  return /[a-zA-Z]/.test(prev) !== /[a-zA-Z]/.test(ch) && /[0-9]/.test(ch);
}

/** Cheap rejection: is `q` a subsequence of `text` at all (both lower-case)? */
function isSubsequence(q: string, text: string): boolean {
  let i = 0;
  for (let j = 0; j < text.length && i < q.length; j += 1) if (text[j] === q[i]) i += 1;
  return i === q.length;
}

/**
 * Best alignment of one word (no spaces) inside `text` by dynamic programming over
 * (query index, text index), so "btc" prefers "BTCUSDT" at 0 over scattered letters.
 */
function matchWord(word: string, text: string, lower: string): FuzzyMatch | null {
  const q = word.toLowerCase();
  const n = q.length;
  const m = text.length;
  if (n === 0) return { score: 0, positions: [] };
  if (n > m) return null;
  if (!isSubsequence(q, lower)) return null;
  // best[i][j]: best score with q[i] matched at text[j]; from[i][j]: where q[i-1] was matched.
  const best: number[][] = [];
  const from: number[][] = [];
  /** Per query row: the best score (and where) among text positions below `upTo`. */
  const farBest: { score: number; at: number; upTo: number }[] = [];
  for (let i = 0; i < n; i += 1) {
    const row = new Array<number>(m).fill(Number.NEGATIVE_INFINITY);
    const back = new Array<number>(m).fill(-1);
    const ch = q[i];
    for (let j = i; j < m; j += 1) {
      if (lower[j] !== ch) continue;
      const own = MATCHED + (isWordStart(text, j) ? WORD_START : 0);
      if (i === 0) {
        row[j] = own - Math.min(LEAD_CAP, j * LEAD);
        continue;
      }
      const prevRow = best[i - 1] ?? [];
      // Gaps cost at most GAP_CAP, so only the last GAP_CAP + 1 predecessors can beat the best
      // older one (kept as a running maximum): O(GAP_CAP) per cell instead of O(text length).
      let top = Number.NEGATIVE_INFINITY;
      let at = -1;
      const near = Math.max(i - 1, j - 1 - GAP_CAP);
      for (let k = near; k < j; k += 1) {
        const p = prevRow[k] ?? Number.NEGATIVE_INFINITY;
        if (p === Number.NEGATIVE_INFINITY) continue;
        const gap = j - k - 1;
        const s = p + (gap === 0 ? CONSECUTIVE : -Math.min(GAP_CAP, gap * GAP));
        if (s > top) {
          top = s;
          at = k;
        }
      }
      const far = farBest[i - 1];
      if (far && near > 0) {
        // Advance the running maximum of prevRow[0 .. near-1].
        while (far.upTo < near) {
          const p = prevRow[far.upTo] ?? Number.NEGATIVE_INFINITY;
          if (p > far.score) {
            far.score = p;
            far.at = far.upTo;
          }
          far.upTo += 1;
        }
        if (far.at >= 0 && far.score - GAP_CAP > top) {
          top = far.score - GAP_CAP;
          at = far.at;
        }
      }
      if (at >= 0) {
        row[j] = top + own;
        back[j] = at;
      }
    }
    best.push(row);
    from.push(back);
    farBest.push({ score: Number.NEGATIVE_INFINITY, at: -1, upTo: 0 });
  }
  const last = best[n - 1] ?? [];
  let end = -1;
  let score = Number.NEGATIVE_INFINITY;
  for (let j = 0; j < m; j += 1) {
    const s = last[j] ?? Number.NEGATIVE_INFINITY;
    if (s > score) {
      score = s;
      end = j;
    }
  }
  if (end < 0) return null;
  const positions: number[] = [];
  for (let i = n - 1, j = end; i >= 0 && j >= 0; i -= 1) {
    positions.push(j);
    j = from[i]?.[j] ?? -1;
  }
  return { score, positions: positions.reverse() };
}

/**
 * Matches `query` against `text`. The query splits on spaces; every word must match (in any
 * order) as a subsequence. An empty query matches everything with score 0. Returns null when a
 * word does not match.
 */
export function fuzzyMatch(query: string, text: string): FuzzyMatch | null {
  const words = query.trim().split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) return { score: 0, positions: [] };
  const lower = text.toLowerCase();
  let score = 0;
  const positions = new Set<number>();
  for (const w of words) {
    const hit = matchWord(w, text, lower);
    if (!hit) return null;
    score += hit.score;
    for (const p of hit.positions) positions.add(p);
  }
  return { score, positions: [...positions].sort((a, b) => a - b) };
}

/** One ranked item. */
export interface FuzzyResult<T> {
  readonly item: T;
  readonly match: FuzzyMatch;
}

/** 2 when `name` is the query, 1 when it starts with it, else 0 (case-insensitive). */
function nameTier(query: string, name: string): number {
  const q = query.trim().toLowerCase();
  const n = name.toLowerCase();
  return n === q ? 2 : q !== '' && n.startsWith(q) ? 1 : 0;
}

/**
 * Filters and ranks `items` by `fuzzyMatch(query, textOf(item))`: an item whose name (`nameOf`: a
 * symbol, a command's description) is the query, then one whose name starts with it, then best
 * score, then the shorter name (text without `nameOf`), then the original order (stable). An empty query keeps every item in
 * its order.
 */
export function fuzzyFilter<T>(query: string, items: readonly T[], textOf: (item: T) => string, nameOf?: (item: T) => string): readonly FuzzyResult<T>[] {
  const scored: { item: T; match: FuzzyMatch; len: number; index: number; tier: number }[] = [];
  items.forEach((item, index) => {
    const text = textOf(item);
    const match = fuzzyMatch(query, text);
    if (match) scored.push({ item, match, len: nameOf ? nameOf(item).length : text.length, index, tier: nameOf ? nameTier(query, nameOf(item)) : 0 });
  });
  if (query.trim() === '') return scored.map(({ item, match }) => ({ item, match }));
  scored.sort((a, b) => b.tier - a.tier || b.match.score - a.match.score || a.len - b.len || a.index - b.index);
  return scored.map(({ item, match }) => ({ item, match }));
}

/** Splits `text` into runs of matched and unmatched characters, for highlighting. */
export function highlightSegments(text: string, positions: readonly number[]): readonly { readonly text: string; readonly matched: boolean }[] {
  const set = new Set(positions);
  const out: { text: string; matched: boolean }[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const matched = set.has(i);
    const last = out[out.length - 1];
    if (last && last.matched === matched) last.text += text[i] ?? '';
    else out.push({ text: text[i] ?? '', matched });
  }
  return out;
}
