import { describe, expect, it } from 'vitest';
import { UsageError } from './args.js';
import { parseJournalArgs } from './journal-args.js';

const NOW = Date.UTC(2026, 10, 27, 12);

describe('parseJournalArgs', () => {
  it('export: defaults, then every flag', () => {
    expect(parseJournalArgs(['export'], NOW)).toEqual({ command: 'export', kind: 'fills', format: 'csv', out: null, from: 0, to: NOW, path: null, mode: null, account: null });
    expect(
      parseJournalArgs(['export', '--from', '2026-01-01', '--to=now', '--format', 'json', '--kind', 'loans', '--out', 'x.json', '--journal', '/j', '--mode', 'paper', '--account', '7'], NOW),
    ).toEqual({ command: 'export', kind: 'loans', format: 'json', out: 'x.json', from: Date.UTC(2026, 0, 1), to: NOW, path: '/j', mode: 'paper', account: '7' });
  });

  it('stats: by symbol unless --by; relative times', () => {
    expect(parseJournalArgs(['stats', '--from', '-7d'], NOW)).toMatchObject({ command: 'stats', by: 'symbol', from: NOW - 7 * 86_400_000, to: NOW });
    expect(parseJournalArgs(['stats', '--by', 'week'], NOW)).toMatchObject({ by: 'week' });
  });

  it.each([[[]], [['--help']], [['help']], [['export', '-h']]])('help for %j', (argv) => {
    expect(parseJournalArgs(argv, NOW)).toEqual({ command: 'help' });
  });

  it.each([
    [['list'], 'unknown journal command "list" (export or stats; see utadash journal --help)'],
    [['export', '--by', 'day'], 'unknown journal export option "--by"'],
    [['export', '--format', 'xlsx'], '--format must be csv, json (got "xlsx")'],
    [['export', '--kind', 'x'], '--kind must be fills, funding, loans, equity, orders (got "x")'],
    [['stats', '--by', 'month'], '--by must be symbol, day, week (got "month")'],
    [['stats', '--mode', 'x'], '--mode must be live, paper, demo (got "x")'],
    [['stats', '--to'], '--to needs a value'],
    [['stats', '--to', '--from'], '--to needs a value'],
    [['stats', '--from', '2026-02-30'], '--from: 2026-02-30 is not a real date/time'],
    [['stats', '--from', '2026-03-01', '--to', '2026-02-01'], '--from must be before --to'],
    [['stats', '--mode', 'live', '--mode', 'demo'], '--mode is given twice'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseJournalArgs(argv, NOW)).toThrow(UsageError);
    expect(() => parseJournalArgs(argv, NOW)).toThrow(message);
  });
});
