import { addDays, addWeeks, format, formatDuration, isValid, parse, startOfDay, startOfISOWeek, sub, type Duration, type DurationUnit, type Locale } from 'date-fns';
import { millisecondsInHour, millisecondsInMinute, millisecondsInSecond } from 'date-fns/constants';

/**
 * Times and durations for display and input, on date-fns. Clock times, dates and calendar buckets
 * are the trader's local time (date-fns works in the process's zone; tests pin TZ=UTC). Durations are
 * elapsed time in fixed units (a day is 24 h), never calendar arithmetic. Fixed-width outputs keep
 * columns still: `formatClock` is always 8 cells, `formatDateTime` 19.
 */

/**
 * `formatClock` keeps the text of this many recent seconds (trade rows repeat every frame). It is
 * keyed by the second alone: the process's zone is taken as fixed while it runs.
 */
const CLOCK_CACHE_SIZE = 512;
const clockCache = new Map<number, string>();

/** Shown instead of a clock time that is not a time (NaN, ±Infinity). */
const NO_CLOCK = '--:--:--';

/** Wall-clock time `HH:mm:ss` (local, 8 cells) of a Unix ms time; `--:--:--` when it is not a time. */
export function formatClock(ms: number): string {
  if (!Number.isFinite(ms)) return NO_CLOCK;
  // ~10 µs a call in date-fns against one map read; the trades tape formats each row every frame.
  const second = Math.floor(ms / millisecondsInSecond);
  const hit = clockCache.get(second);
  if (hit !== undefined) return hit;
  const text = format(ms, 'HH:mm:ss');
  if (clockCache.size >= CLOCK_CACHE_SIZE) clockCache.clear();
  clockCache.set(second, text);
  return text;
}

/** The date `yyyy-MM-dd` (local) of a Unix ms time; the number as text when it is not a time. */
export function formatDate(ms: number): string {
  return Number.isFinite(ms) ? format(ms, 'yyyy-MM-dd') : String(ms);
}

/** Date and time `yyyy-MM-dd HH:mm:ss` (local, 19 cells) of a Unix ms time; the number as text when it is not a time. */
export function formatDateTime(ms: number): string {
  return Number.isFinite(ms) ? format(ms, 'yyyy-MM-dd HH:mm:ss') : String(ms);
}

/** Unit suffixes of compact durations ("3s", "2m", "5h", "3d"), as a date-fns locale for `formatDuration`. */
const COMPACT_SUFFIX: Readonly<Record<string, string>> = { xSeconds: 's', xMinutes: 'm', xHours: 'h', xDays: 'd' };
const COMPACT: Pick<Locale, 'formatDistance'> = {
  formatDistance: (token, count) => `${count}${COMPACT_SUFFIX[token] ?? ''}`,
};

/** Options of `formatAge`. */
export interface AgeOptions {
  /** Spans of this many hours or more show as days. Default 24 ("23h", then "1d"). */
  readonly daysFromHours?: number;
}

/**
 * Elapsed time in its largest whole unit: "0s", "59s", "2m", "5h", "3d" (truncated, never rounded
 * up). Negative counts as 0.
 */
export function formatAge(ms: number, options: AgeOptions = {}): string {
  const span = Math.max(0, Number.isFinite(ms) ? ms : 0);
  const daysFrom = options.daysFromHours ?? 24;
  let unit: DurationUnit;
  let count: number;
  if (span < millisecondsInMinute) [unit, count] = ['seconds', Math.floor(span / millisecondsInSecond)];
  else if (span < millisecondsInHour) [unit, count] = ['minutes', Math.floor(span / millisecondsInMinute)];
  else if (span < daysFrom * millisecondsInHour) [unit, count] = ['hours', Math.floor(span / millisecondsInHour)];
  else [unit, count] = ['days', Math.floor(span / (24 * millisecondsInHour))];
  const duration: Duration = { [unit]: count };
  return formatDuration(duration, { format: [unit], zero: true, locale: COMPACT });
}

/** A parsed time: Unix ms, or why the text is not a time. */
export type TimeParse = { readonly ok: true; readonly ms: number } | { readonly ok: false; readonly error: string };

/** The units of a relative time (`-7d`), as date-fns durations. */
const RELATIVE_UNIT: Readonly<Record<string, keyof Duration>> = { s: 'seconds', m: 'minutes', h: 'hours', d: 'days', w: 'weeks' };

/** Date-time shapes typed in forms (after `T` became a space), each with its date-fns pattern. */
const DATE_SHAPES: readonly (readonly [RegExp, string])[] = [
  [/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd'],
  [/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'yyyy-MM-dd HH:mm'],
  [/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'yyyy-MM-dd HH:mm:ss'],
];

/**
 * Reads a time typed in a form: `now`; relative `-30s` / `-30m` / `-12h` / `-7d` / `-2w` before
 * `now` (days and weeks are calendar days: the same local clock time, across a DST change too); a
 * local date `2026-11-20` (midnight) or date-time `2026-11-20 13:05[:09]` (or with `T`); Unix ms
 * (13 digits).
 */
export function parseTimeInput(text: string, now: number): TimeParse {
  const t = text.trim();
  if (t === 'now') return { ok: true, ms: now };
  const rel = /^-(\d{1,4})([smhdw])$/.exec(t);
  const unit = RELATIVE_UNIT[rel?.[2] ?? ''];
  if (rel && unit) return { ok: true, ms: sub(now, { [unit]: Number(rel[1]) }).getTime() };
  if (/^\d{13}$/.test(t)) return { ok: true, ms: Number(t) };
  const spaced = t.replace('T', ' ');
  const shape = DATE_SHAPES.find(([re]) => re.test(spaced));
  if (shape) {
    const date = parse(spaced, shape[1], now);
    return isValid(date) ? { ok: true, ms: date.getTime() } : { ok: false, error: `${t} is not a real date/time` };
  }
  return { ok: false, error: `"${t}" is not a time: use now, -7d, -12h, 2026-11-20, 2026-11-20 13:05 (local time) or Unix ms` };
}

/** The calendar buckets of `timeBucket`: a local day, or an ISO week (Monday to Sunday, local). */
export type TimeBucketUnit = 'day' | 'isoWeek';

/** One calendar bucket, e.g. for PnL by day or by ISO week. */
export interface TimeBucket {
  /** The kind of bucket. */
  readonly unit: TimeBucketUnit;
  /** Its name, sortable as text: `2026-11-20` for a day, `2026-W47` for an ISO week (ISO week-numbering year). */
  readonly key: string;
  /** Its first moment, Unix ms (local midnight; Monday's for a week). */
  readonly start: number;
  /** The next bucket's first moment, Unix ms (exclusive end; a day is 23 or 25 h across a DST change). */
  readonly end: number;
}

/** The local day or ISO week holding the Unix ms time `ms`. */
export function timeBucket(ms: number, unit: TimeBucketUnit): TimeBucket {
  const start = unit === 'day' ? startOfDay(ms) : startOfISOWeek(ms);
  const end = unit === 'day' ? addDays(start, 1) : addWeeks(start, 1);
  return { unit, key: format(start, unit === 'day' ? 'yyyy-MM-dd' : "RRRR-'W'II"), start: start.getTime(), end: end.getTime() };
}

/**
 * Every bucket from the one holding `from` to the one holding `to` (Unix ms, both included), oldest
 * first, so days or weeks with nothing in them still get a row; empty when `to` is before `from`.
 */
export function timeBuckets(from: number, to: number, unit: TimeBucketUnit): TimeBucket[] {
  const out: TimeBucket[] = [];
  for (let b = timeBucket(from, unit); from <= to && b.start <= to; b = timeBucket(b.end, unit)) out.push(b);
  return out;
}
