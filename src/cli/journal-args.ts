import { parseTimeInput } from '../domain/time-format.js';
import { EXPORT_KINDS } from '../journal/journal-reader.js';
import type { JournalExportKind, JournalIdentity } from '../journal/journal-types.js';
import { UsageError } from './args.js';

/** Usage of `utadash journal`. */
export const JOURNAL_USAGE = `utadash journal — the trade journal (every fill, fee, funding payment, loan event and equity sample the dashboard saw)

Usage:
  utadash journal export [--kind fills|funding|loans|equity|orders] [--format csv|json]
                         [--from TIME] [--to TIME] [--out FILE] [which journal]
  utadash journal stats  [--by symbol|day|week] [--from TIME] [--to TIME] [which journal]

  export   rows of one kind (default fills), oldest first, to stdout or --out FILE: CSV
           (RFC 4180, a header row; the default) or JSON (an array of objects); amounts are
           the exchange's decimal strings; funding holds every financial record
  stats    PnL by symbol (or --by day / week, local time) and totals per coin: realized
           PnL, fees, funding, loan interest, net, win rate

TIME: now, -7d, -12h, 2026-01-01, 2026-01-01 13:05 (local time) or Unix ms; --from
defaults to the first row, --to to now (exclusive).

Which journal (default: the only one under $XDG_DATA_HOME/utadash/):
  --journal PATH           this file
  --mode live|paper|demo   the journal of this mode
  --account ID             the journal of this account (with --mode: its file name)`;

/** A parsed `utadash journal` command line. */
export type JournalCommand =
  | { readonly command: 'help' }
  | ({ readonly command: 'export'; readonly kind: JournalExportKind; readonly format: 'csv' | 'json'; readonly out: string | null } & JournalCommon)
  | ({ readonly command: 'stats'; readonly by: 'symbol' | 'day' | 'week' } & JournalCommon);

/** What both commands take. */
export interface JournalCommon {
  /** Unix ms, inclusive; 0 when not given. */
  readonly from: number;
  /** Unix ms, exclusive; now when not given. */
  readonly to: number;
  /** `--journal PATH`. */
  readonly path: string | null;
  readonly mode: JournalIdentity['mode'] | null;
  readonly account: string | null;
}

const COMMON = ['--from', '--to', '--journal', '--mode', '--account'];
/** The flags of each journal command (all take a value): the parser's and shell completion's. */
export const JOURNAL_FLAGS: Readonly<Record<'export' | 'stats', readonly string[]>> = {
  export: [...COMMON, '--kind', '--format', '--out'],
  stats: [...COMMON, '--by'],
};

/** The values the journal's choice flags take (the first is the default, `--mode` has none). */
export const JOURNAL_CHOICES = {
  '--kind': EXPORT_KINDS,
  '--format': ['csv', 'json'],
  '--by': ['symbol', 'day', 'week'],
  '--mode': ['live', 'paper', 'demo'],
} as const satisfies Readonly<Record<string, readonly string[]>>;

/** One of `choices` (the first when the flag is not given), or a UsageError naming the flag. */
function choice<T extends string>(flag: string, value: string | undefined, choices: readonly T[]): T {
  const found = value === undefined ? choices[0] : choices.find((c) => c === value);
  if (found === undefined) throw new UsageError(`${flag} must be ${choices.join(', ')} (got "${value}")`);
  return found;
}

/** A time flag through parseTimeInput. */
function time(flag: string, value: string | undefined, now: number, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = parseTimeInput(value, now);
  if (!parsed.ok) throw new UsageError(`${flag}: ${parsed.error}`);
  return parsed.ms;
}

/** Parses `utadash journal …` (the words after `journal`). Throws UsageError with a specific message. */
export function parseJournalArgs(argv: readonly string[], now: number): JournalCommand {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') return { command: 'help' };
  if (sub !== 'export' && sub !== 'stats') throw new UsageError(`unknown journal command "${sub}" (export or stats; see utadash journal --help)`);
  const allowed = JOURNAL_FLAGS[sub];
  const v = new Map<string, string>();
  for (let i = 0; i < rest.length; i += 1) {
    const raw = rest[i] ?? '';
    if (raw === '--help' || raw === '-h') return { command: 'help' };
    const eq = raw.indexOf('=');
    const name = raw.startsWith('--') && eq > 0 ? raw.slice(0, eq) : raw;
    if (!allowed.includes(name)) throw new UsageError(`unknown journal ${sub} option "${raw}" (see utadash journal --help)`);
    const value = eq > 0 ? raw.slice(eq + 1) : rest[(i += 1)];
    if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) throw new UsageError(`${name} needs a value`);
    if (v.has(name)) throw new UsageError(`${name} is given twice`);
    v.set(name, value);
  }
  const from = time('--from', v.get('--from'), now, 0);
  const to = time('--to', v.get('--to'), now, now);
  if (to <= from) throw new UsageError(`--from must be before --to (${v.get('--from') ?? 'the start'} is not before ${v.get('--to') ?? 'now'})`);
  const mode = v.has('--mode') ? choice('--mode', v.get('--mode'), JOURNAL_CHOICES['--mode']) : null;
  const path = v.get('--journal') ?? null;
  const account = v.get('--account') ?? null;
  const common: JournalCommon = { from, to, path, mode, account };
  if (sub === 'stats') return { command: 'stats', by: choice('--by', v.get('--by'), JOURNAL_CHOICES['--by']), ...common };
  return {
    command: 'export',
    kind: choice('--kind', v.get('--kind'), JOURNAL_CHOICES['--kind']),
    format: choice('--format', v.get('--format'), JOURNAL_CHOICES['--format']),
    out: v.get('--out') ?? null,
    ...common,
  };
}
