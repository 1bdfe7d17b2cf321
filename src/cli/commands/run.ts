import { isatty } from 'node:tty';
import { UsageError } from '../args.js';
import { ConfigError } from '../config.js';
import { StartCheckError } from '../start-checks.js';
import type { CommandContext, CommandIo, CommandResult } from './command-types.js';
import { CommandError, ExitCode, exitCodeOfExchangeError, type ExitStatus } from './exit-codes.js';
import { COMMAND_SPECS, ORDER_SUBCOMMANDS, type CommandKey } from './command-specs.js';
import { parseCommandArgs, type ParsedArgs } from './flags.js';
import { commandUsage, COMMANDS_USAGE } from './help.js';
import { writeText } from './output.js';
import type { CommandTarget } from './target.js';

/**
 * Entry of the scriptable commands (`utadash status`, `utadash order place …`): parses the line,
 * opens the exchange the profile names (or the embedded one), runs the command, prints, and maps
 * every failure to one line on stderr and an exit status (exit-codes.ts). Each command's module is
 * loaded only when that command runs: `status` loads the REST client and the risk line, nothing
 * of the sockets, the services or Ink.
 */

/** How a command runs once the exchange is open. */
type CommandRun = (ctx: CommandContext) => Promise<CommandResult>;

const ok = (stdout: string): CommandResult => ({ stdout, code: ExitCode.OK });

const read = (name: string): CommandRun => async (ctx) => ok(await (await import('./read-commands.js')).runRead(name, ctx.args, ctx.target));

const order =
  (sub: (typeof ORDER_SUBCOMMANDS)[number]): CommandRun =>
  async (ctx) =>
    (await import('./order-commands.js')).runOrderCommand(sub, ctx);

/** Every command by its words (`order place` for the order group); flags in command-specs.ts. */
const RUNS: Readonly<Record<CommandKey, CommandRun>> = {
  status: async (ctx) => ok(await (await import('./status.js')).runStatus(ctx.args, ctx.target, ctx.env)),
  positions: read('positions'),
  orders: read('orders'),
  account: read('account'),
  loans: read('loans'),
  book: read('book'),
  ticker: read('ticker'),
  'order place': order('place'),
  'order cancel': order('cancel'),
  'order cancel-all': order('cancel-all'),
  'order close': order('close'),
  countdown: async (ctx) => (await import('./countdown-command.js')).runCountdown(ctx),
  borrow: async (ctx) => (await import('./loan-commands.js')).runBorrow(ctx),
  repay: async (ctx) => (await import('./loan-commands.js')).runRepay(ctx),
  watch: async (ctx) => (await import('./watch.js')).runWatch(ctx),
};

function isCommandKey(key: string): key is CommandKey {
  return Object.hasOwn(COMMAND_SPECS, key);
}

/** The command's words and the rest of the line: `order place X` → `order place`, [`X`]. */
function splitCommand(argv: readonly string[]): { readonly key: string; readonly rest: readonly string[] } {
  const [first = '', second] = argv;
  if (first === 'order' && second !== undefined && (ORDER_SUBCOMMANDS as readonly string[]).includes(second)) return { key: `order ${second}`, rest: argv.slice(2) };
  return { key: first, rest: argv.slice(1) };
}

/** The process's streams; stdin is opened only when a prompt reads it (`status` never does). */
export function processIo(): CommandIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    get stdin() {
      return process.stdin;
    },
    stdinIsTTY: isatty(0),
    stdoutIsTTY: process.stdout.isTTY === true,
  };
}

/** The exit status and the message of a failure. */
function failureOf(error: unknown): { readonly code: ExitStatus; readonly message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof CommandError) return { code: error.exitCode, message };
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof StartCheckError) return { code: ExitCode.USAGE, message };
  const exchange = exitCodeOfExchangeError(error);
  if (exchange !== null) return { code: exchange, message };
  // Not foreseen (a bug, a file system error): still one line, and "refused" (nothing is known to have been sent).
  return { code: ExitCode.REFUSED, message: `internal error: ${message}` };
}

/** `utadash help [command]`, or a command's `--help`; `help journal` is the journal's own usage (journal-args.ts). */
async function helpText(key: string, rest: readonly string[]): Promise<string> {
  if (key === 'help' && rest[0] === 'journal') return `${(await import('../journal-args.js')).JOURNAL_USAGE}\n`;
  if (key === 'help') return `${commandUsage(rest.join(' ') || 'help')}\n`;
  return `${commandUsage(key)}\n`;
}

/** Runs a command line whose first word is in COMMAND_NAMES; resolves with the exit status. */
export async function runCommand(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, io: CommandIo = processIo()): Promise<number> {
  const { key, rest } = splitCommand(argv);
  let target: CommandTarget | null = null;
  try {
    if (key === 'help' || rest.includes('--help') || rest.includes('-h')) {
      await writeText(io.stdout, key === 'help' && rest.length === 0 ? `${COMMANDS_USAGE}\n` : await helpText(key, rest));
      return ExitCode.OK;
    }
    if (key === 'completion') {
      await writeText(io.stdout, (await import('./completion.js')).completionScript(rest));
      return ExitCode.OK;
    }
    if (!isCommandKey(key)) throw new UsageError(key === 'order' ? `order: name what to do: ${ORDER_SUBCOMMANDS.join(', ')} (see utadash order --help)` : `unknown command "${key}" (see utadash help)`);
    const args: ParsedArgs = parseCommandArgs(rest, COMMAND_SPECS[key], key);
    target = await (await import('./target.js')).openCommandTarget(args.common, env);
    const result = await RUNS[key]({ args, env, io, target });
    await writeText(io.stdout, result.stdout);
    return result.code;
  } catch (error) {
    const { code, message } = failureOf(error);
    const clean = (target?.redactor.text(message) ?? message).replace(/\s*[\r\n]+\s*/g, ' ');
    // Every line names the command (`utadash: positions: …`), however deep the error came from.
    const named = key === '' || clean.startsWith(key) ? clean : `${key}: ${clean}`;
    await writeText(io.stderr, `utadash: ${named}\n`);
    return code;
  } finally {
    await target?.close();
  }
}
