import { Decimal } from 'decimal.js';
import fc, { type Arbitrary } from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INTENTS } from '../../domain/position-mapping.js';
import { fuzzParams, WEIRD_NUMBERS } from '../../../test/helpers/fuzz-inputs.js';
import { confirmLines, deriveTicket, type TicketChoices, type TicketDerived, type TicketEnv, type TicketTexts } from './ticket-form.js';
import { BTC_CM, BTC_PERP, BTC_SPOT, envOf, RAAPL, XRP_LIMIT_OPEN } from './ticket.testkit.js';

/**
 * Fuzz of the ticket's numeric fields (issue 8, bad input): price, quantity, take-profit and
 * stop-loss as typed. `deriveTicket` never throws; a text that is not a plain decimal never reaches
 * a request; every field error names its field and the request exists exactly when nothing is
 * wrong; valid texts on the instrument's grid are sent exactly as typed.
 */

const choicesArb: Arbitrary<TicketChoices> = fc.record({
  side: fc.constantFrom('buy', 'sell'),
  orderType: fc.constantFrom('limit', 'market'),
  timeInForce: fc.constantFrom('gtc', 'ioc', 'fok', 'post_only'),
  intent: fc.constantFrom(...INTENTS),
  marginMode: fc.constantFrom('crossed', 'isolated'),
  triggerBy: fc.constantFrom('market', 'mark'),
  autoBorrow: fc.constantFrom('no', 'yes'),
  pxAmendType: fc.constantFrom('no', 'yes'),
  stpMode: fc.constantFrom('none', 'cancel_taker', 'cancel_maker', 'cancel_both'),
  venue: fc.constantFrom('lit_market', 'internalization'),
  rTokenTimeInForce: fc.constantFrom('gtd', 'gtc'),
});

const envArb: Arbitrary<TicketEnv> = fc.tuple(fc.constantFrom(BTC_PERP, BTC_SPOT, BTC_CM, RAAPL, XRP_LIMIT_OPEN), fc.nat({ max: 5 })).map(([inst, variant]) => {
  switch (variant) {
    case 0:
      return envOf(inst, { inst: undefined });
    case 1:
      return envOf(inst, { bestBid: null, bestAsk: null, lastPrice: null });
    case 2:
      return envOf(inst, { holdMode: 'hedge_mode' });
    default:
      return envOf(inst);
  }
});

/** What the user can type (printable ASCII, the text field's filter), odd numbers, and any unicode. */
const textArb: Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'0123456789.'), maxLength: 24 }),
  fc.string({ unit: 'binary-ascii', maxLength: 24 }),
  fc.constantFrom(...WEIRD_NUMBERS),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.stringMatching(/^\d{1,6}(\.\d{1,4})?$/),
);
const textsArb: Arbitrary<TicketTexts> = fc.record({ price: textArb, qty: textArb, takeProfit: textArb, stopLoss: textArb });

/** A buy limit gtc opening a long, everything optional off. */
const BUY_LIMIT: TicketChoices = { side: 'buy', orderType: 'limit', timeInForce: 'gtc', intent: 'open_long', marginMode: 'crossed', triggerBy: 'market', autoBorrow: 'no', pxAmendType: 'no', stpMode: 'none', venue: 'lit_market', rTokenTimeInForce: 'gtd' };

const PLAIN = /^\d+(\.\d+)?$/;
/** Each field's error names the field (qty errors may speak of the amount or the order value). */
const NAMES: Readonly<Record<string, RegExp>> = { price: /\bprice\b/, qty: /\bquantity\b|\bamount\b|\border value\b/, tp: /^take-profit\b/, sl: /^stop-loss\b/ };

function derive(env: TicketEnv, c: TicketChoices, t: TicketTexts): TicketDerived {
  let d: TicketDerived | undefined;
  try {
    d = deriveTicket(env, c, t);
  } catch (err) {
    throw new Error(`deriveTicket threw on ${JSON.stringify(t)} (${env.symbol}, ${c.orderType}): ${String(err)}`, { cause: err });
  }
  return d;
}

function checkTicket(env: TicketEnv, c: TicketChoices, t: TicketTexts): TicketDerived {
  const d = derive(env, c, t);
  // The request exists exactly when there is no problem; a problem is a non-empty sentence.
  expect(d.request === null).toBe(d.problem !== null);
  if (d.problem !== null) expect(d.problem.trim().length).toBeGreaterThan(5);
  for (const f of d.fields) {
    if (f.error === null) continue;
    expect(f.error.trim().length).toBeGreaterThan(5);
    const name = NAMES[f.id];
    expect(name, `unexpected error on field ${f.id}`).toBeDefined();
    if (name) expect(f.error, `${f.id} error must name the field`).toMatch(name);
  }
  const error = (id: string) => d.fields.find((f) => f.id === id)?.error ?? null;
  const limit = c.orderType === 'limit';
  const tpsl = env.category !== 'COIN-FUTURES';
  // A typed text that is not a plain decimal is flagged on its field and never sent.
  if (limit && t.price !== '' && !PLAIN.test(t.price)) expect(error('price')).toMatch(/not a (plain decimal )?number/);
  if (t.qty !== '' && !PLAIN.test(t.qty)) expect(error('qty')).toMatch(/not a plain decimal number|not a number/);
  if (tpsl && t.takeProfit !== '' && !PLAIN.test(t.takeProfit)) expect(error('tp')).toContain('is not a number');
  if (tpsl && t.stopLoss !== '' && !PLAIN.test(t.stopLoss)) expect(error('sl')).toContain('is not a number');
  const r = d.request;
  if (r !== null) {
    // Sent exactly as typed: the same texts, all plain decimals, all above zero.
    expect(r.qty).toBe(t.qty);
    expect(r.qty).toMatch(PLAIN);
    expect(new Decimal(r.qty).gt(0)).toBe(true);
    if (limit) {
      expect(r.price).toBe(t.price);
      expect(new Decimal(t.price).gt(0)).toBe(true);
    } else expect(r.price).toBeUndefined();
    for (const preset of [r.takeProfit, r.stopLoss]) if (preset !== undefined) expect(preset).toMatch(PLAIN);
    expect(r.takeProfit).toBe(tpsl && t.takeProfit !== '' ? t.takeProfit : undefined);
    expect(r.stopLoss).toBe(tpsl && t.stopLoss !== '' ? t.stopLoss : undefined);
    expect(confirmLines(r, 'BTC').length).toBeGreaterThan(1);
  }
  return d;
}

describe('ticket numeric fields under bad input', () => {
  it('never throws; bad texts are flagged on their field and never sent', () => {
    fc.assert(
      fc.property(envArb, choicesArb, textsArb, (env, c, t) => {
        checkTicket(env, c, t);
      }),
      fuzzParams(2500),
    );
  });

  it('refuses number look-alikes (special values, exponents, signs, unicode digits, whitespace) in every field', () => {
    const env = envOf(BTC_PERP);
    const c = BUY_LIMIT;
    const good: TicketTexts = { price: '97000', qty: '0.01', takeProfit: '98000', stopLoss: '96000' };
    expect(checkTicket(env, c, good).request).not.toBeNull();
    const lookAlikes = WEIRD_NUMBERS.filter((w) => w !== '' && !PLAIN.test(w));
    for (const weird of lookAlikes) {
      for (const key of ['price', 'qty', 'takeProfit', 'stopLoss'] as const) {
        const d = checkTicket(env, c, { ...good, [key]: weird });
        expect(d.request, `${key} = ${JSON.stringify(weird)} was sent`).toBeNull();
        expect(d.problem).toContain(`"${weird}" is not a`);
      }
    }
  });

  it('sends valid texts on the instrument grid exactly as typed, in any spelling', () => {
    // BTC_PERP: price step 0.5 (1 decimal), quantity step 0.001 (3 decimals) from 0.001 to 100, min value 5 USDT.
    const priceArb = fc.tuple(fc.integer({ min: 2 * 90_000, max: 2 * 99_999 }), fc.boolean(), fc.boolean()).map(([halves, padInt, padFrac]) => {
      const text = new Decimal(halves).div(2).toFixed(1);
      const trimmed = text.endsWith('.0') && !padFrac ? text.slice(0, -2) : text;
      return padInt ? `0${trimmed}` : trimmed;
    });
    const qtyArb = fc.integer({ min: 100, max: 100_000 }).map((m) => new Decimal(m).div(1000).toFixed(3));
    fc.assert(
      fc.property(priceArb, qtyArb, fc.constantFrom<TicketChoices['intent']>(...INTENTS), (price, qty, intent) => {
        const c: TicketChoices = { ...BUY_LIMIT, intent };
        const d = checkTicket(envOf(BTC_PERP), c, { price, qty, takeProfit: '', stopLoss: '' });
        expect(d.problem).toBeNull();
        expect(d.request).toMatchObject({ price, qty, orderType: 'limit' });
        // The same order with a space typed around the price is refused, not silently trimmed.
        const padded = checkTicket(envOf(BTC_PERP), c, { price: ` ${price}`, qty, takeProfit: '', stopLoss: '' });
        expect(padded.request).toBeNull();
        expect(padded.problem).toContain(`price " ${price}" is not a plain decimal number`);
      }),
      fuzzParams(300),
    );
  });
});
