import type { BatchOutcome } from '../../services/order-batch.js';
import type { OrderOutcome } from '../../services/order-service.js';
import type { CommandContext, CommandResult } from './command-types.js';
import { warnLine } from './command-session.js';
import { ExitCode, type ExitStatus } from './exit-codes.js';
import { renderJson } from './output.js';

/**
 * How an order write ended, for scripts and people: the service's outcome on stdout (one line, or
 * JSON with `--json`), the reason on stderr when it was not accepted, and the exit status: 0
 * accepted (also when the lookup of an unknown result found the order), 1 rejected (here or by the
 * exchange), 3 still unknown after the lookups.
 */

function codeOf(status: OrderOutcome['status']): ExitStatus {
  return status === 'accepted' ? ExitCode.OK : status === 'rejected' ? ExitCode.REFUSED : ExitCode.UNKNOWN;
}

/** The result of one order action (`what`: "place buy 0.01 BTCUSDT @ 97000"). */
export function orderResult(ctx: CommandContext, what: string, o: OrderOutcome): CommandResult {
  if (o.status === 'rejected') warnLine(ctx, `${what}: rejected${o.sent ? ' by the exchange' : ' here, nothing sent'}: ${o.error ?? 'no reason given'}`);
  if (o.status === 'unknown') warnLine(ctx, `${what}: result unknown after reconciliation (${o.error ?? 'no reply'}); check \`utadash orders\` before repeating (clientOid ${o.clientOid})`);
  const record = { status: o.status, orderId: o.orderId ?? null, clientOid: o.clientOid === '' ? null : o.clientOid, sent: o.sent, error: o.error ?? null };
  const line = `${o.status}${o.orderId ? ` order ${o.orderId}` : ''}${o.clientOid ? ` clientOid ${o.clientOid}` : ''}\n`;
  return { stdout: ctx.args.common.format === 'json' ? renderJson(record) : line, code: codeOf(o.status) };
}

/** The result of a batch action (cancel-all): per order, and 1 when any order of an answered request was not accepted. */
export function batchResult(ctx: CommandContext, what: string, o: BatchOutcome): CommandResult {
  const bad = o.items.filter((i) => i.status !== 'accepted');
  if (o.status === 'rejected') warnLine(ctx, `${what}: rejected${o.sent ? ' by the exchange' : ' here, nothing sent'}: ${o.error ?? 'no reason given'}`);
  if (o.status === 'unknown') warnLine(ctx, `${what}: result unknown (${o.error ?? 'no reply'}); check \`utadash orders\` before repeating`);
  if (o.status === 'accepted' && bad.length > 0) warnLine(ctx, `${what}: ${bad.length} of ${o.items.length} not accepted: ${bad[0]?.error ?? bad[0]?.status ?? ''}`);
  const code = o.status === 'accepted' && bad.length > 0 ? ExitCode.REFUSED : codeOf(o.status);
  const items = o.items.map((i) => ({ orderId: i.orderId || null, clientOid: i.clientOid || null, status: i.status, error: i.error ?? null }));
  if (ctx.args.common.format === 'json') return { stdout: renderJson({ status: o.status, sent: o.sent, error: o.error ?? null, items }), code };
  const lines = [`${o.status}: ${o.items.length - bad.length} of ${o.items.length} accepted`, ...items.map((i) => `  ${i.status} order ${i.orderId ?? '?'}${i.error ? ` (${i.error})` : ''}`)];
  return { stdout: `${lines.join('\n')}\n`, code };
}
