/**
 * Every command's words and flags besides the common ones (flags.ts): what the parser accepts and
 * what shell completion offers, from one table.
 */

/** What a command accepts besides the common flags. */
export interface FlagSpec {
  /** Flags that take a value (`--price 97000` or `--price=97000`). */
  readonly values?: readonly string[];
  /** Flags without a value. */
  readonly switches?: readonly string[];
  /** Short aliases of switches: `-y` → `--yes`. */
  readonly aliases?: Readonly<Record<string, string>>;
}

const WRITE_VALUES = ['--wait'];
const WRITE_SWITCHES = ['--yes', '--no-audit', '--verbose'];
const YES = { '-y': '--yes' };

const write = (values: readonly string[] = [], switches: readonly string[] = []): FlagSpec => ({ values: [...WRITE_VALUES, ...values], switches: [...WRITE_SWITCHES, ...switches], aliases: YES });

/** Flags by command (`order place` for the order group's subcommands). */
export const COMMAND_SPECS = {
  status: { switches: ['--tmux'] },
  positions: {},
  orders: { values: ['--symbol', '--category'] },
  account: {},
  loans: {},
  book: { values: ['--depth'] },
  ticker: {},
  'order place': write(['--tif', '--margin', '--tp', '--sl', '--trigger-by'], ['--force']),
  'order cancel': write(),
  'order cancel-all': write(['--symbol', '--category']),
  'order close': write(['--side', '--qty', '--price']),
  countdown: write(),
  borrow: write(['--pledge', '--loan', '--term']),
  repay: write([], ['--unlock']),
  watch: { values: ['--wait'], switches: ['--once', '--verbose'] },
} as const satisfies Readonly<Record<string, FlagSpec>>;

/** A command's words. */
export type CommandKey = keyof typeof COMMAND_SPECS;

/** The order group's subcommands. */
export const ORDER_SUBCOMMANDS = ['place', 'cancel', 'cancel-all', 'close'] as const;

/** Flags every command takes. */
export const COMMON_FLAGS = { values: ['--profile', '--seed'], switches: ['--paper', '--demo', '--help', '--json', '--csv'] } as const;
