import { CATEGORIES, type Category } from '../../domain/model.js';
import { parseDecimal } from '../../domain/money.js';
import type { SymbolRef } from '../../store/slices/market-slice.js';
import { UsageError } from '../args.js';
import { COMMON_FLAGS, type FlagSpec } from './command-specs.js';

/**
 * The command line of one scriptable command: its positionals, the flags every command takes
 * (`--profile`, `--paper`, `--demo`, `--seed`, `--help`) and its own. A bad line is a UsageError
 * (exit 2) naming the flag and the command's `--help`.
 */

/** How a command prints: a table for people, JSON or CSV for scripts. */
export type OutputFormat = 'table' | 'json' | 'csv';

/** The flags every command takes. */
export interface CommonOptions {
  /** Config-file profile (default the file's `defaultProfile`, else "default"). */
  readonly profile: string | null;
  /** Bitget paper trading (demo keys, header `paptrading: 1`). */
  readonly paper: boolean;
  /** The embedded exchange, started for the command's life (or UTADASH_SIM_URL's). */
  readonly demo: boolean;
  /** Seed of the embedded exchange's market (`--demo`); default 1. */
  readonly seed: number | null;
  /** Output format; default table. */
  readonly format: OutputFormat;
  readonly help: boolean;
}

/** A parsed command line. */
export interface ParsedArgs {
  readonly positionals: readonly string[];
  readonly values: ReadonlyMap<string, string>;
  readonly switches: ReadonlySet<string>;
  readonly common: CommonOptions;
}


/** Parses `argv` (after the command's words) for `command` (`"order place"`, for messages). */
export function parseCommandArgs(argv: readonly string[], spec: FlagSpec, command: string): ParsedArgs {
  const valueFlags = new Set<string>([...COMMON_FLAGS.values, ...(spec.values ?? [])]);
  const switchFlags = new Set<string>([...COMMON_FLAGS.switches, ...(spec.switches ?? [])]);
  const aliases: Readonly<Record<string, string>> = { '-h': '--help', ...spec.aliases };
  const positionals: string[] = [];
  const values = new Map<string, string>();
  const switches = new Set<string>();
  let flagsDone = false;
  for (let i = 0; i < argv.length; i += 1) {
    const raw = argv[i] ?? '';
    if (flagsDone || !raw.startsWith('-') || raw === '-') {
      positionals.push(raw);
      continue;
    }
    if (raw === '--') {
      flagsDone = true;
      continue;
    }
    const eq = raw.indexOf('=');
    const name = aliases[raw] ?? (eq > 0 ? raw.slice(0, eq) : raw);
    if (valueFlags.has(name)) {
      const value = eq > 0 ? raw.slice(eq + 1) : argv[(i += 1)];
      if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) throw new UsageError(`${command}: ${name} needs a value`);
      values.set(name, value);
    } else if (switchFlags.has(name) && eq < 0) {
      switches.add(name);
    } else {
      throw new UsageError(`${command}: unknown option "${raw}" (see utadash ${command} --help)`);
    }
  }
  return { positionals, values, switches, common: commonOf(values, switches, command) };
}

function commonOf(values: ReadonlyMap<string, string>, switches: ReadonlySet<string>, command: string): CommonOptions {
  if (switches.has('--paper') && switches.has('--demo')) throw new UsageError(`${command}: --paper and --demo exclude each other: paper trades Bitget with demo keys, --demo runs the embedded exchange`);
  if (switches.has('--json') && switches.has('--csv')) throw new UsageError(`${command}: --json and --csv exclude each other`);
  const seedText = values.get('--seed');
  if (seedText !== undefined && !/^\d{1,9}$/.test(seedText)) throw new UsageError(`${command}: --seed must be a whole number (got "${seedText}")`);
  if (seedText !== undefined && !switches.has('--demo')) throw new UsageError(`${command}: --seed needs --demo (it seeds the embedded exchange's market)`);
  return {
    profile: values.get('--profile') ?? null,
    paper: switches.has('--paper'),
    demo: switches.has('--demo'),
    seed: seedText === undefined ? null : Number(seedText),
    format: switches.has('--json') ? 'json' : switches.has('--csv') ? 'csv' : 'table',
    help: switches.has('--help'),
  };
}

/** Refuses positionals beyond `max` and fewer than `min`, naming what `usage` expects. */
export function expectPositionals(args: ParsedArgs, min: number, max: number, command: string, usage: string): void {
  const n = args.positionals.length;
  if (n < min) throw new UsageError(`${command}: missing ${usage} (see utadash ${command} --help)`);
  if (n > max) throw new UsageError(`${command}: unexpected "${args.positionals[max] ?? ''}" (usage: utadash ${command} ${usage})`);
}

/** `BTCUSDT` (USDT futures) or `SPOT:BTCUSDT`, as the dashboard's `--symbol`; a bad category is a UsageError. */
export function parseSymbolRef(text: string, command: string): SymbolRef {
  const colon = text.indexOf(':');
  const category = (colon < 0 ? 'USDT-FUTURES' : text.slice(0, colon)).toUpperCase();
  const symbol = (colon < 0 ? text : text.slice(colon + 1)).toUpperCase();
  if (!(CATEGORIES as readonly string[]).includes(category)) throw new UsageError(`${command}: unknown category "${text.slice(0, colon)}" (use ${CATEGORIES.join(', ')})`);
  if (!/^[A-Z0-9_.-]{2,40}$/.test(symbol)) throw new UsageError(`${command}: "${text}" is not a symbol (e.g. BTCUSDT or SPOT:BTCUSDT)`);
  return { category: category as Category, symbol };
}

/** A category name (`--category spot`); a bad one is a UsageError. */
export function parseCategory(text: string, command: string): Category {
  const upper = text.toUpperCase();
  if (!(CATEGORIES as readonly string[]).includes(upper)) throw new UsageError(`${command}: unknown category "${text}" (use ${CATEGORIES.join(', ')})`);
  return upper as Category;
}

/** A positive plain decimal as typed (`0.01`, `97000.5`), kept as the text; anything else is a UsageError naming `what`. */
export function positiveDecimalText(text: string, what: string, command: string): string {
  const d = /^\d+(\.\d+)?$/.test(text) ? parseDecimal(text) : null;
  if (d === null || d.lte(0)) throw new UsageError(`${command}: ${what} must be a positive number like 0.01 or 97000.5 (got "${text}")`);
  return text;
}

/** One of `choices` (case-insensitive), or a UsageError listing them. */
export function oneOf<T extends string>(text: string, choices: readonly T[], what: string, command: string): T {
  const found = choices.find((c) => c === text.toLowerCase());
  if (found === undefined) throw new UsageError(`${command}: ${what} must be one of ${choices.join(', ')} (got "${text}")`);
  return found;
}
