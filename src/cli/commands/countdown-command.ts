import { countdownWindowProblem } from '../../services/countdown-service.js';
import { UsageError } from '../args.js';
import type { CommandContext, CommandResult } from './command-types.js';
import { openCommandSession } from './command-session.js';
import { confirmSend } from './confirm.js';
import { CommandError, ExitCode, exitCodeOfExchangeError } from './exit-codes.js';
import { expectPositionals } from './flags.js';
import { renderJson } from './output.js';
import { saveCountdown } from './state-files.js';

/**
 * `utadash countdown arm SECONDS | disarm`: the dead-man switch through the cockpit's
 * CountdownService (window 5–60 s, calls spaced a second apart). The command arms once and exits
 * without renewing: cron (or the cockpit) renews it; if nothing does, the exchange cancels every
 * UTA order when the window runs out, which is the point. The arm is recorded for `status`.
 */

const COMMAND = 'countdown';

/** Runs `countdown arm SECONDS` or `countdown disarm`. */
export async function runCountdown(ctx: CommandContext): Promise<CommandResult> {
  const [action = '', secondsText] = ctx.args.positionals;
  if (action !== 'arm' && action !== 'disarm') throw new UsageError(`${COMMAND}: say arm SECONDS or disarm (got "${action}")`);
  expectPositionals(ctx.args, action === 'arm' ? 2 : 1, action === 'arm' ? 2 : 1, COMMAND, action === 'arm' ? 'arm SECONDS' : 'disarm');
  const seconds = action === 'arm' ? Number(secondsText) : 0;
  const problem = action === 'arm' ? (/^\d{1,2}$/.test(secondsText ?? '') ? countdownWindowProblem(seconds) : `the countdown window must be a whole number of seconds from 5 to 60 (got "${secondsText ?? ''}")`) : null;
  if (problem !== null) throw new UsageError(`${COMMAND}: ${problem}`);
  const { mode, account } = ctx.target.exchange;
  await confirmSend(
    ctx,
    action === 'arm'
      ? {
          title: `arm the dead-man countdown on ${mode} (${account}): ${seconds} s`,
          details: [`send: countdown-cancel-all countdown=${seconds}`, `unless renewed within ${seconds} s the exchange cancels every open UTA order`, 'this command does not renew it: run it again (cron) or keep the cockpit open'],
        }
      : { title: `disarm the dead-man countdown on ${mode} (${account})`, details: ['send: countdown-cancel-all countdown=0', 'orders stay open'] },
  );
  const { session, close } = await openCommandSession(ctx);
  try {
    const countdown = session.services.countdown;
    if (countdown === null) throw new CommandError(`${COMMAND}: this session has no keys`, ExitCode.USAGE);
    const failed = action === 'arm' ? await countdown.arm(seconds) : await countdown.disarm();
    if (failed !== null) {
      // The call's own error, not the shared REST client's last one (another poll may have replaced it).
      const cause = countdown.lastFailure();
      throw new CommandError(`${COMMAND} ${action}: ${failed}`, exitCodeOfExchangeError(cause) ?? ExitCode.REFUSED);
    }
    const at = Date.now();
    const saved = saveCountdown(ctx.env, `${mode}:${account}`, action === 'arm' ? { windowSec: seconds, ackAt: at } : null);
    if (saved !== null) ctx.io.stderr.write(`utadash: ${COMMAND}: ${action === 'arm' ? 'armed' : 'disarmed'}, but status cannot show it (${saved})\n`);
    const expiresAt = action === 'arm' ? new Date(at + seconds * 1000).toISOString() : null;
    if (ctx.args.common.format === 'json') return { stdout: renderJson({ state: action === 'arm' ? 'armed' : 'off', windowSec: action === 'arm' ? seconds : null, expiresAt }), code: ExitCode.OK };
    return { stdout: action === 'arm' ? `armed ${seconds}s: orders cancel at ${expiresAt ?? ''} unless renewed\n` : 'disarmed\n', code: ExitCode.OK };
  } finally {
    await close();
  }
}
