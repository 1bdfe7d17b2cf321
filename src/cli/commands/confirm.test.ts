import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CommandContext } from './command-types.js';
import { confirmSend } from './confirm.js';
import { CommandError, ExitCode } from './exit-codes.js';
import { parseCommandArgs } from './flags.js';

/** A context whose terminal is fake: `answer` is typed when asked (when stdin is a terminal). */
function contextOf(argv: readonly string[], stdinIsTTY: boolean, answer = ''): { ctx: CommandContext; stderr: () => string } {
  const stdin = new PassThrough();
  const stderr = new PassThrough();
  let text = '';
  stderr.on('data', (d: Buffer) => {
    text += d.toString();
    if (text.includes('Send?') || text.includes('Type yes')) stdin.end(`${answer}\n`);
  });
  const args = parseCommandArgs(argv, { switches: ['--yes', '--force'] }, 'order place');
  const ctx = { args, env: {}, io: { stdout: new PassThrough(), stderr, stdin, stdinIsTTY, stdoutIsTTY: false }, target: {} } as unknown as CommandContext;
  return { ctx, stderr: () => text };
}

const review = { title: 'place buy 0.01 BTCUSDT @ 97000', details: ['USDT-FUTURES · limit · tif gtc'] };
const warned = { ...review, warnings: ['limit 90000 is 7.3% below mark 97000 (limit 5%)'] };

async function refusal(promise: Promise<void>): Promise<CommandError> {
  const error: unknown = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(CommandError);
  return error as CommandError;
}

describe('confirmSend: never both a prompt and a silent send', () => {
  it('prints the review first, whatever follows', async () => {
    const { ctx, stderr } = contextOf(['--yes'], false);
    await confirmSend(ctx, review);
    expect(stderr()).toBe('place buy 0.01 BTCUSDT @ 97000\n  USDT-FUTURES · limit · tif gtc\n');
  });

  it('no terminal and no --yes: refused with exit 2, without asking', async () => {
    const { ctx, stderr } = contextOf([], false);
    const e = await refusal(confirmSend(ctx, review));
    expect(e.exitCode).toBe(ExitCode.USAGE);
    expect(e.message).toContain('no terminal to confirm on');
    expect(stderr()).not.toContain('Send?');
  });

  it('--yes past a guard warning needs --force', async () => {
    expect((await refusal(confirmSend(contextOf(['--yes'], false).ctx, warned))).exitCode).toBe(ExitCode.REFUSED);
    await confirmSend(contextOf(['--yes', '--force'], false).ctx, warned);
  });

  it('on a terminal: y sends, anything else does not; past a warning only the word yes', async () => {
    await confirmSend(contextOf([], true, 'y').ctx, review);
    expect((await refusal(confirmSend(contextOf([], true, '').ctx, review))).message).toBe('not sent: not confirmed');
    expect((await refusal(confirmSend(contextOf([], true, 'y').ctx, warned))).exitCode).toBe(ExitCode.REFUSED);
    const { ctx, stderr } = contextOf([], true, 'yes');
    await confirmSend(ctx, warned);
    expect(stderr()).toContain('  warning: limit 90000 is 7.3% below mark 97000 (limit 5%)\nSend despite the warnings? Type yes to send: ');
  });
});
