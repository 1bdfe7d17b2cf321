import { isFutures } from '../../domain/model.js';
import type { Intent } from '../../domain/position-mapping.js';
import { orderLabel } from '../../services/order-request.js';
import type { AppState } from '../../store/app-state.js';
import { symbolKey, type SymbolRef } from '../../store/slices/market-slice.js';
import { confirmLines, DEFAULT_CHOICES, deriveTicket, qtyUnitLabel, ticketEnvOf, type TicketChoices, type TicketTexts } from '../../ui/forms/ticket-form.js';
import { checkOrderGuards } from '../../ui/hooks/use-order-guards.js';
import { UsageError } from '../args.js';
import { unknownSymbolMessage } from '../start-checks.js';
import type { CommandContext, CommandResult } from './command-types.js';
import { accountReady, openCommandSession, waitForData, waitMsOf } from './command-session.js';
import { confirmSend } from './confirm.js';
import { CommandError, ExitCode } from './exit-codes.js';
import { expectPositionals, oneOf, parseSymbolRef, positiveDecimalText } from './flags.js';
import { orderResult } from './order-outcome.js';

/**
 * `utadash order place [CATEGORY:]SYMBOL SIDE QTY [PRICE]`: the order ticket without the screen.
 * The request is derived by the ticket's own form (ui/forms/ticket-form.ts: the instrument's
 * rules, TP/SL sides, the hold mode's side/posSide/reduceOnly mapping), checked by the order guards
 * the ticket uses, reviewed, and sent by the cockpit's OrderService (clientOid, repeat guard, an
 * unknown result looked up by clientOid, never resent).
 */

const COMMAND = 'order place';
const SIDES = ['buy', 'sell', 'open-long', 'open-short', 'close-long', 'close-short'] as const;

/** What the command line asks for, before any data is read. */
interface PlaceInput {
  readonly ref: SymbolRef;
  readonly intent: Intent;
  readonly side: 'buy' | 'sell';
  readonly texts: TicketTexts;
  readonly choices: Omit<TicketChoices, 'side' | 'intent'>;
}

function parsePlace(ctx: CommandContext): PlaceInput {
  const { args } = ctx;
  expectPositionals(args, 3, 4, COMMAND, '[CATEGORY:]SYMBOL SIDE QTY [PRICE]');
  const [symbolText = '', sideText = '', qtyText = '', priceText] = args.positionals;
  const ref = parseSymbolRef(symbolText, COMMAND);
  const word = oneOf(sideText, SIDES, 'SIDE', COMMAND);
  if (!isFutures(ref.category) && word !== 'buy' && word !== 'sell') throw new UsageError(`${COMMAND}: ${ref.category} has no positions: SIDE is buy or sell (got "${word}")`);
  const intent: Intent = word === 'buy' ? 'open_long' : word === 'sell' ? 'open_short' : (word.replace('-', '_') as Intent);
  const qty = positiveDecimalText(qtyText, 'QTY', COMMAND);
  const price = priceText === undefined ? '' : positiveDecimalText(priceText, 'PRICE', COMMAND);
  const tp = args.values.get('--tp');
  const sl = args.values.get('--sl');
  const tif = args.values.get('--tif');
  if (tif !== undefined && price === '') throw new UsageError(`${COMMAND}: --tif applies to limit orders; give a PRICE`);
  const trigger = oneOf(args.values.get('--trigger-by') ?? 'last', ['last', 'mark'], '--trigger-by', COMMAND);
  return {
    ref,
    intent,
    side: word === 'buy' || word === 'open-long' || word === 'close-short' ? 'buy' : 'sell',
    texts: { price, qty, takeProfit: tp === undefined ? '' : positiveDecimalText(tp, '--tp', COMMAND), stopLoss: sl === undefined ? '' : positiveDecimalText(sl, '--sl', COMMAND) },
    choices: {
      ...DEFAULT_CHOICES,
      orderType: price === '' ? 'market' : 'limit',
      timeInForce: tif === undefined ? 'gtc' : oneOf(tif, ['gtc', 'ioc', 'fok', 'post_only'], '--tif', COMMAND),
      marginMode: oneOf(args.values.get('--margin') ?? 'crossed', ['crossed', 'isolated'], '--margin', COMMAND),
      triggerBy: trigger === 'mark' ? 'mark' : 'market',
    },
  };
}

/** What a placement needs besides the account: the instrument's book and ticker, and (futures) the polled settings. */
function marketReady(ref: SymbolRef): (s: AppState) => string | null {
  const key = symbolKey(ref);
  return (s) => {
    const book = s.market.books[key];
    if (!book || book.updatedAt === 0) return `no ${ref.symbol} book yet`;
    if (!s.market.tickers[key]) return `no ${ref.symbol} ticker yet`;
    if (isFutures(ref.category) && s.extras.updatedAt === 0) return 'account settings (hold mode) not read yet';
    return null;
  };
}

/** Runs `order place`. */
export async function runPlace(ctx: CommandContext): Promise<CommandResult> {
  const input = parsePlace(ctx);
  const waitMs = waitMsOf(ctx, COMMAND);
  const { session, close } = await openCommandSession(ctx, { symbol: input.ref });
  try {
    const unknown = unknownSymbolMessage(input.ref, Object.values(session.store.getState().market.instruments));
    if (unknown !== null) throw new UsageError(`${COMMAND}: ${unknown}`);
    const market = marketReady(input.ref);
    await waitForData(session, (s) => accountReady(s) ?? market(s), waitMs);
    const state = session.store.getState();
    const env = ticketEnvOf(state, input.ref);
    const derived = deriveTicket(env, { ...input.choices, side: input.side, intent: input.intent }, input.texts);
    const request = derived.request;
    if (request === null) throw new CommandError(`${COMMAND}: not sent: ${derived.problem ?? 'the order is not complete'}`, ExitCode.REFUSED);
    const guards = checkOrderGuards(state, request, Date.now(), ctx.target.config.orderGuards);
    if (guards.refusal !== null) throw new CommandError(`${COMMAND}: not sent: ${guards.refusal}`, ExitCode.REFUSED);
    const label = orderLabel(request);
    await confirmSend(ctx, {
      title: `place ${label} on ${ctx.target.exchange.mode} (${ctx.target.exchange.account})`,
      details: [...confirmLines(request, qtyUnitLabel(env, request.side, request.orderType)), `value ${derived.notional} · fee ${derived.fee}`],
      warnings: guards.warnings.map((w) => w.text),
    });
    const trading = session.services.trading;
    if (trading === null) throw new CommandError(`${COMMAND}: this session has no keys to trade with`, ExitCode.USAGE);
    return orderResult(ctx, `place ${label}`, await trading.submitOrder(request));
  } finally {
    await close();
  }
}
