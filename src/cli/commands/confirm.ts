import { createInterface } from 'node:readline';
import type { CommandContext } from './command-types.js';
import { CommandError, ExitCode } from './exit-codes.js';

/**
 * Never both a prompt and a silent send: every write prints what it will send (stderr), then
 * either asks y/N on a terminal, or sends because `--yes` says so. With no terminal and no `--yes`
 * nothing is sent (exit 2). Warnings of the order guards (stale data, a price far from the mark, a
 * large order value) are the cockpit's second confirmation: on a terminal the answer must be the
 * word `yes`; a script must add `--force`.
 */

/** What a write will send, for the summary. */
export interface Review {
  /** One line: the action, e.g. `place buy 0.01 BTCUSDT @ 97000`. */
  readonly title: string;
  /** Exactly what goes out, one concern per line. */
  readonly details: readonly string[];
  /** The order guards' warnings (each a specific sentence); empty when none apply. */
  readonly warnings?: readonly string[];
}

/** The summary as printed: the title, the details indented, the warnings marked. */
export function reviewText(review: Review): string {
  const lines = [review.title, ...review.details.map((d) => `  ${d}`), ...(review.warnings ?? []).map((w) => `  warning: ${w}`)];
  return `${lines.join('\n')}\n`;
}

/** Asks one question on the terminal; resolves with the answer (empty when stdin ends first). */
function ask(ctx: CommandContext, question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: ctx.io.stdin, output: ctx.io.stderr, terminal: false });
    let answered = false;
    rl.once('line', (line) => {
      answered = true;
      rl.close();
      resolve(line.trim().toLowerCase());
    });
    rl.once('close', () => {
      if (!answered) resolve('');
    });
    ctx.io.stderr.write(question);
  });
}

/**
 * Prints the review, then returns when the write may go: `--yes` (and `--force` past warnings), or
 * the user's y (`yes` past warnings) on a terminal. Otherwise throws a CommandError saying why
 * nothing was sent: no terminal and no `--yes` (2), warnings without `--force` (1), declined (1).
 */
export async function confirmSend(ctx: CommandContext, review: Review): Promise<void> {
  ctx.io.stderr.write(reviewText(review));
  const warnings = review.warnings ?? [];
  const { switches } = ctx.args;
  if (switches.has('--yes')) {
    if (warnings.length > 0 && !switches.has('--force')) {
      throw new CommandError(`not sent: ${warnings.length === 1 ? 'an order guard warns' : `${warnings.length} order guards warn`} (${warnings.join('; ')}); add --force to send anyway`, ExitCode.REFUSED);
    }
    return;
  }
  if (!ctx.io.stdinIsTTY) {
    throw new CommandError('not sent: no terminal to confirm on (stdin is not a TTY) and no --yes; add --yes to send from a script', ExitCode.USAGE);
  }
  const answer = await ask(ctx, warnings.length > 0 ? 'Send despite the warnings? Type yes to send: ' : 'Send? [y/N] ');
  const accepted = warnings.length > 0 ? answer === 'yes' : answer === 'y' || answer === 'yes';
  if (!accepted) throw new CommandError('not sent: not confirmed', ExitCode.REFUSED);
}
