import type { Order, Position } from '../../domain/model.js';
import { isFutures } from '../../domain/model.js';
import { checkReduce } from '../../domain/position-mapping.js';
import type { TradingServices } from '../../services/app-services.js';
import { existingOrderLabel } from '../../services/order-request.js';
import { symbolKey, type SymbolRef } from '../../store/slices/market-slice.js';
import { closeConfirmText, positionLabel, reduceConfirmText } from '../../ui/forms/position-close-text.js';
import { UsageError } from '../args.js';
import type { ORDER_SUBCOMMANDS } from './command-specs.js';
import type { CommandContext, CommandResult } from './command-types.js';
import { accountReady, openCommandSession, waitForData, waitMsOf, type CommandSession } from './command-session.js';
import { confirmSend } from './confirm.js';
import { CommandError, ExitCode } from './exit-codes.js';
import { expectPositionals, oneOf, parseCategory, parseSymbolRef } from './flags.js';
import { batchResult, orderResult } from './order-outcome.js';
import { runPlace } from './order-place.js';

/**
 * `utadash order cancel | cancel-all | close` (and `place`, order-place.ts): each waits for the
 * account's orders and positions, reviews exactly what it will send, and sends it through the
 * cockpit's OrderService.
 */

/** Opens the session, waits for the account, runs `body`, closes. */
async function withAccount(ctx: CommandContext, command: string, body: (s: CommandSession, trading: TradingServices) => Promise<CommandResult>, symbol?: SymbolRef): Promise<CommandResult> {
  const waitMs = waitMsOf(ctx, command);
  const open = await openCommandSession(ctx, symbol ? { symbol } : {});
  try {
    await waitForData(open.session, accountReady, waitMs);
    const trading = open.session.services.trading;
    if (trading === null) throw new CommandError(`${command}: this session has no keys to trade with`, ExitCode.USAGE);
    return await body(open, trading);
  } finally {
    await open.close();
  }
}

async function runCancel(ctx: CommandContext): Promise<CommandResult> {
  const command = 'order cancel';
  expectPositionals(ctx.args, 1, 1, command, 'ORDER_ID');
  const id = ctx.args.positionals[0] ?? '';
  return withAccount(ctx, command, async ({ session }, trading) => {
    const open = Object.values(session.store.getState().orders.open);
    const order = open.find((o) => o.orderId === id) ?? open.find((o) => o.clientOid === id);
    if (!order) throw new CommandError(`${command}: no open order ${id} (by order id or clientOid); nothing sent (utadash orders lists them)`, ExitCode.REFUSED);
    const label = existingOrderLabel(order);
    await confirmSend(ctx, { title: `cancel ${label}`, details: [`send: cancel-order ${order.category} ${order.symbol} orderId=${order.orderId}`] });
    return orderResult(ctx, `cancel ${label}`, await trading.cancelOrder(order));
  });
}

/** The scope of `cancel-all`: `--symbol [CAT:]SYM` or `--category CAT` (one is required). */
function cancelAllScope(ctx: CommandContext, command: string): { readonly category: Order['category']; readonly symbol?: string } {
  const symbolText = ctx.args.values.get('--symbol');
  const categoryText = ctx.args.values.get('--category');
  if (symbolText === undefined && categoryText === undefined) throw new UsageError(`${command}: say what to cancel: --symbol [CATEGORY:]SYMBOL or --category CATEGORY`);
  if (symbolText !== undefined && categoryText !== undefined) throw new UsageError(`${command}: --symbol and --category exclude each other (write --symbol CATEGORY:SYMBOL)`);
  if (symbolText !== undefined) {
    const ref = parseSymbolRef(symbolText, command);
    return { category: ref.category, symbol: ref.symbol };
  }
  return { category: parseCategory(categoryText ?? '', command) };
}

async function runCancelAll(ctx: CommandContext): Promise<CommandResult> {
  const command = 'order cancel-all';
  expectPositionals(ctx.args, 0, 0, command, '--symbol [CATEGORY:]SYMBOL | --category CATEGORY');
  const scope = cancelAllScope(ctx, command);
  const what = `${scope.category}${scope.symbol ? ` ${scope.symbol}` : ''}`;
  return withAccount(ctx, command, async ({ session }, trading) => {
    const known = Object.values(session.store.getState().orders.open).filter((o) => o.category === scope.category && (scope.symbol === undefined || o.symbol === scope.symbol));
    const shown = known.slice(0, 10).map((o) => existingOrderLabel(o));
    const more = known.length > shown.length ? [`… and ${known.length - shown.length} more`] : [];
    await confirmSend(ctx, {
      title: `cancel every open ${what} order (${known.length} open now)`,
      details: [`send: cancel-symbol-order category=${scope.category}${scope.symbol ? ` symbol=${scope.symbol}` : ''}`, ...shown, ...more],
    });
    return batchResult(ctx, `cancel all ${what}`, await trading.cancelAll(scope.category, scope.symbol));
  });
}

/** The position `close` means: of the symbol, on `--side` when both sides are open. */
function positionToClose(open: readonly Position[], ref: SymbolRef, side: string | undefined, command: string): Position {
  const mine = open.filter((p) => p.category === ref.category && p.symbol === ref.symbol && (side === undefined || p.posSide === side));
  const first = mine[0];
  if (!first) throw new CommandError(`${command}: no open ${ref.category} ${ref.symbol}${side ? ` ${side}` : ''} position; nothing sent (utadash positions lists them)`, ExitCode.REFUSED);
  if (mine.length > 1) throw new UsageError(`${command}: both sides of ${ref.symbol} are open; add --side long or --side short`);
  return first;
}

async function runClose(ctx: CommandContext): Promise<CommandResult> {
  const command = 'order close';
  expectPositionals(ctx.args, 1, 1, command, '[CATEGORY:]SYMBOL [--side long|short] [--qty Q|N%] [--price P]');
  const ref = parseSymbolRef(ctx.args.positionals[0] ?? '', command);
  if (!isFutures(ref.category)) throw new UsageError(`${command}: ${ref.category} has no positions (sell the coin with order place instead)`);
  const sideText = ctx.args.values.get('--side');
  const side = sideText === undefined ? undefined : oneOf(sideText, ['long', 'short'], '--side', command);
  const qty = ctx.args.values.get('--qty');
  const price = ctx.args.values.get('--price');
  return withAccount(
    ctx,
    command,
    async ({ session }, trading) => {
      const state = session.store.getState();
      const p = positionToClose(Object.values(state.positions.open), ref, side, command);
      if (qty === undefined && price === undefined) {
        const text = closeConfirmText(p);
        if (text === null) throw new CommandError(`${command}: nothing available to close on ${positionLabel(p)} (close orders may hold it; cancel them first); nothing sent`, ExitCode.REFUSED);
        await confirmSend(ctx, { title: text.question.replace(/\?$/, ''), details: text.details });
        return orderResult(ctx, `close ${positionLabel(p)}`, await trading.closePosition(p));
      }
      const check = checkReduce(p, state.market.instruments[symbolKey(p)], qty ?? p.available.toFixed(), price ?? '');
      if (check.order === null) throw new CommandError(`${command}: not sent: ${check.qty ?? check.price ?? 'invalid close'}`, ExitCode.REFUSED);
      if (!trading.reducePosition) throw new CommandError(`${command}: partial closes are not available in this session`, ExitCode.USAGE);
      const text = reduceConfirmText(p, check.order);
      await confirmSend(ctx, { title: text.question.replace(/\?$/, ''), details: text.details });
      return orderResult(ctx, `close ${check.order.qty} of ${positionLabel(p)}`, await trading.reducePosition(p, { qty: check.order.qty, ...(check.order.price === undefined ? {} : { price: check.order.price }) }));
    },
    ref,
  );
}

/** Runs `order SUB`. */
export function runOrderCommand(sub: (typeof ORDER_SUBCOMMANDS)[number], ctx: CommandContext): Promise<CommandResult> {
  switch (sub) {
    case 'place':
      return runPlace(ctx);
    case 'cancel':
      return runCancel(ctx);
    case 'cancel-all':
      return runCancelAll(ctx);
    case 'close':
      return runClose(ctx);
  }
}
