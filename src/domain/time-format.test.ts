import { afterEach, describe, expect, it } from 'vitest';
import { formatAge, formatClock, formatDate, formatDateTime, parseTimeInput, timeBucket, timeBuckets } from './time-format.js';

// vitest.config.ts pins TZ=UTC, so local time is UTC here unless a test picks a zone.
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Runs `body` with the process in time zone `zone` (Node re-reads TZ when it is assigned). */
function inZone<T>(zone: string, body: () => T): T {
  process.env.TZ = zone;
  return body();
}
afterEach(() => {
  process.env.TZ = 'UTC';
});

describe('clock and date text', () => {
  it('shows a time as HH:mm:ss, a date as yyyy-MM-dd, both as date-time, in fixed widths', () => {
    const t = Date.UTC(2026, 10, 20, 3, 5, 9, 999);
    expect(formatClock(t)).toBe('03:05:09');
    expect(formatClock(0)).toBe('00:00:00');
    expect(formatDate(t)).toBe('2026-11-20');
    expect(formatDateTime(t)).toBe('2026-11-20 03:05:09');
    for (const ms of [0, t, Date.UTC(2099, 11, 31, 23, 59, 59)]) {
      expect(formatClock(ms)).toHaveLength(8);
      expect(formatDateTime(ms)).toHaveLength(19);
    }
  });

  it('does not throw on what is not a time', () => {
    expect(formatClock(Number.NaN)).toBe('--:--:--');
    expect(formatDate(Number.NaN)).toBe('NaN');
    expect(formatDateTime(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });

  it("is the trader's local time", () => {
    // Seconds not formatted above: formatClock keeps recent seconds, and a zone never changes in a run.
    const t = Date.UTC(2026, 10, 20, 13, 5, 7);
    expect(inZone('America/New_York', () => [formatClock(t), formatDateTime(t)])).toEqual(['08:05:07', '2026-11-20 08:05:07']);
    const late = Date.UTC(2026, 10, 20, 22, 30, 1);
    expect(inZone('Asia/Tokyo', () => [formatClock(late), formatDate(late)])).toEqual(['07:30:01', '2026-11-21']);
  });
});

describe('formatAge', () => {
  it.each([
    [-5, '0s'],
    [0, '0s'],
    [999, '0s'],
    [3_400, '3s'],
    [59_999, '59s'],
    [60_000, '1m'],
    [120_000, '2m'],
    [3_599_999, '59m'],
    [HOUR, '1h'],
    [DAY - 1, '23h'],
    [DAY, '1d'],
    [3 * DAY, '3d'],
    [Number.NaN, '0s'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatAge(ms)).toBe(text);
  });

  it('shows hours up to a chosen number of hours before days', () => {
    expect(formatAge(47 * HOUR, { daysFromHours: 48 })).toBe('47h');
    expect(formatAge(48 * HOUR, { daysFromHours: 48 })).toBe('2d');
    expect(formatAge(30 * HOUR, { daysFromHours: 48 })).toBe('30h');
  });
});

describe('parseTimeInput', () => {
  it('reads now, relative spans, dates, date-times and Unix ms', () => {
    expect(parseTimeInput('now', NOW)).toEqual({ ok: true, ms: NOW });
    expect(parseTimeInput(' now ', NOW)).toEqual({ ok: true, ms: NOW });
    expect(parseTimeInput('-45s', NOW)).toEqual({ ok: true, ms: NOW - 45_000 });
    expect(parseTimeInput('-30m', NOW)).toEqual({ ok: true, ms: NOW - 30 * 60_000 });
    expect(parseTimeInput('-12h', NOW)).toEqual({ ok: true, ms: NOW - 12 * HOUR });
    expect(parseTimeInput('-7d', NOW)).toEqual({ ok: true, ms: NOW - 7 * DAY });
    expect(parseTimeInput('-2w', NOW)).toEqual({ ok: true, ms: NOW - 14 * DAY });
    expect(parseTimeInput('2026-11-20', NOW)).toEqual({ ok: true, ms: Date.UTC(2026, 10, 20) });
    expect(parseTimeInput('2026-11-20 13:05', NOW)).toEqual({ ok: true, ms: Date.UTC(2026, 10, 20, 13, 5) });
    expect(parseTimeInput('2026-11-20T13:05:09', NOW)).toEqual({ ok: true, ms: Date.UTC(2026, 10, 20, 13, 5, 9) });
    expect(parseTimeInput('2028-02-29', NOW)).toEqual({ ok: true, ms: Date.UTC(2028, 1, 29) });
    expect(parseTimeInput('1795593292925', NOW)).toEqual({ ok: true, ms: 1795593292925 });
  });

  it('refuses impossible dates and garbage with a message that says what works', () => {
    expect(parseTimeInput('2026-02-30', NOW)).toEqual({ ok: false, error: '2026-02-30 is not a real date/time' });
    expect(parseTimeInput('2026-02-29', NOW).ok).toBe(false);
    expect(parseTimeInput('2026-11-20 25:00', NOW).ok).toBe(false);
    expect(parseTimeInput('2026-11-20 13:60', NOW).ok).toBe(false);
    expect(parseTimeInput('2026-11-20 13:05:60', NOW).ok).toBe(false);
    for (const text of ['yesterday', '-7y', '7d', '2026-1-5', '2026-11-20 13', '']) {
      const r = parseTimeInput(text, NOW);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.error).toContain('use now, -7d');
    }
  });

  it('reads dates in local time, and -Nd as the same clock time N days before, across a DST change', () => {
    inZone('Europe/Berlin', () => {
      expect(parseTimeInput('2026-11-20 13:05', NOW)).toEqual({ ok: true, ms: Date.UTC(2026, 10, 20, 12, 5) });
      // Berlin leaves summer time at 03:00 on 2026-10-25: from noon that day, a day back (noon on
      // the 24th, summer time) is 25 hours back, while -24h is 24.
      const noon = Date.UTC(2026, 9, 25, 11, 0);
      expect(parseTimeInput('-1d', noon)).toEqual({ ok: true, ms: Date.UTC(2026, 9, 24, 10, 0) });
      expect(parseTimeInput('-24h', noon)).toEqual({ ok: true, ms: noon - DAY });
    });
  });
});

describe('day and ISO-week buckets', () => {
  it('puts a time in its local day and its ISO week (Monday first)', () => {
    const thu = Date.UTC(2026, 10, 26, 17, 30); // Thursday
    expect(timeBucket(thu, 'day')).toEqual({ unit: 'day', key: '2026-11-26', start: Date.UTC(2026, 10, 26), end: Date.UTC(2026, 10, 27) });
    expect(timeBucket(thu, 'isoWeek')).toEqual({ unit: 'isoWeek', key: '2026-W48', start: Date.UTC(2026, 10, 23), end: Date.UTC(2026, 10, 30) });
    // The last instant of a bucket is in it; its end is the next one's start.
    expect(timeBucket(Date.UTC(2026, 10, 29, 23, 59, 59, 999), 'isoWeek').key).toBe('2026-W48');
    expect(timeBucket(Date.UTC(2026, 10, 30), 'isoWeek').key).toBe('2026-W49');
  });

  it('names weeks by the ISO week-numbering year at the turn of the year', () => {
    expect(timeBucket(Date.UTC(2027, 0, 1), 'isoWeek')).toMatchObject({ key: '2026-W53', start: Date.UTC(2026, 11, 28) });
    expect(timeBucket(Date.UTC(2025, 11, 29), 'isoWeek').key).toBe('2026-W01');
  });

  it('buckets by the local calendar: a day in New York, a 23-hour day at the DST change', () => {
    inZone('America/New_York', () => {
      const evening = Date.UTC(2026, 10, 27, 2, 0); // 21:00 on 11-26 in New York
      expect(timeBucket(evening, 'day')).toMatchObject({ key: '2026-11-26', start: Date.UTC(2026, 10, 26, 5) });
      const springForward = timeBucket(Date.UTC(2026, 2, 8, 12), 'day');
      expect(springForward.key).toBe('2026-03-08');
      expect(springForward.end - springForward.start).toBe(23 * HOUR);
    });
  });

  it('lists every bucket of a range, empty ones included, oldest first', () => {
    const days = timeBuckets(Date.UTC(2026, 10, 28, 22), Date.UTC(2026, 11, 1, 1), 'day');
    expect(days.map((b) => b.key)).toEqual(['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01']);
    for (let i = 1; i < days.length; i += 1) expect(days[i]?.start).toBe(days[i - 1]?.end);
    const weeks = timeBuckets(Date.UTC(2026, 11, 20), Date.UTC(2027, 0, 5), 'isoWeek');
    expect(weeks.map((b) => b.key)).toEqual(['2026-W51', '2026-W52', '2026-W53', '2027-W01']);
    expect(timeBuckets(NOW, NOW, 'day')).toHaveLength(1);
    expect(timeBuckets(NOW, NOW - 1, 'day')).toEqual([]);
  });
});
