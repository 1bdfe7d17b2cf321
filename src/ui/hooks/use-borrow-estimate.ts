import { Decimal } from 'decimal.js';
import { fmtPct } from '../../domain/format.js';
import { borrowPlan, estimateTermInterest, hourlyInterest, hourlyToAnnual, pledgeNeeded, termHours } from '../../domain/loan-math.js';
import type { LoanTerm, Ticker } from '../../domain/model.js';
import type { ExchangeCalls } from '../../services/app-services.js';
import { useEffect, useState } from 'react';
import { useAppContext } from './app-context.js';
import { coinPriceUsdt, parseAmount, replyField, type BorrowInput } from './use-loans.js';

/** Wait after the last keystroke before asking the exchange, ms. */
export const ESTIMATE_DEBOUNCE_MS = 350;

/** A loan coin's rates and limits and a pledge coin's ratios, as `loan.getCoins` gives them (fractions). */
export interface BorrowTerms {
  /** Hourly rate of the chosen term (fraction). */
  readonly hourRate: Decimal | null;
  /** Annual rate of the chosen term (fraction), from the reply or hourly × 8760. */
  readonly annualRate: Decimal | null;
  readonly minBorrow: string | null;
  readonly maxBorrow: string | null;
  /** Initial, margin-call and liquidation ratios of the pledge coin (fractions). */
  readonly initRate: Decimal | null;
  readonly supRate: Decimal | null;
  readonly forceRate: Decimal | null;
}

/** A `loan.getCoins` reply and the coins it was asked for. */
export interface CoinsReply {
  readonly loanCoin: string;
  readonly pledgeCoin: string;
  readonly reply: unknown;
}

/** The two lines the borrow form shows: the terms, and the estimate for what is typed. */
export interface BorrowEstimate {
  /** E.g. "FLEXIBLE 0.0006 %/h · 5.25 %/yr · 10–2 000 000 USDT · init 65 % · call 80 % · liq 91 %"; null while unknown. */
  readonly terms: string | null;
  /** E.g. "up to 6305.247 USDT · ~0.0378 USDT/hour"; null when nothing to estimate. */
  readonly estimate: string | null;
  /** The last `loan.getCoins` reply for the coins typed (the review reuses it); null while unknown. */
  readonly coins: CoinsReply | null;
}

const RATE_FIELDS: Readonly<Record<LoanTerm, { readonly hour: string; readonly year: string }>> = {
  FLEXIBLE: { hour: 'hourRateFlexible', year: 'rateFlexible' },
  SEVEN: { hour: 'hourRate7D', year: 'rate7D' },
  THIRTY: { hour: 'hourRate30D', year: 'rate30D' },
};

function dec(v: string | null): Decimal | null {
  return v === null ? null : parseAmount(v) ?? (v === '0' ? new Decimal(0) : null);
}

/** The entry of `list` (a reply array) whose `coin` is `coin`. */
function entryFor(list: unknown, coin: string): unknown {
  return Array.isArray(list) ? list.find((i: unknown) => replyField(i, 'coin') === coin) : undefined;
}

/** Reads the rates of `term` for `loanCoin` and the ratios of `pledgeCoin` from a `loan.getCoins` reply. */
export function borrowTermsFrom(reply: unknown, loanCoin: string, pledgeCoin: string, term: LoanTerm): BorrowTerms {
  const rec = typeof reply === 'object' && reply !== null ? (reply as Record<string, unknown>) : {};
  const loan = entryFor(rec.loanInfos, loanCoin);
  const pledge = entryFor(rec.pledgeInfos, pledgeCoin);
  const hourRate = dec(replyField(loan, RATE_FIELDS[term].hour));
  const annual = dec(replyField(loan, RATE_FIELDS[term].year));
  // The official Get-Loan-Coins table calls the ratios percentages while its example prints
  // fractions (0.65/0.75/0.91): a liquidation ratio above 1 can only be a percent, read as such.
  const force = dec(replyField(pledge, 'forceRate'));
  const scale = force?.gt(1) ? 100 : 1;
  const ratio = (field: string): Decimal | null => dec(replyField(pledge, field))?.div(scale) ?? null;
  return {
    hourRate,
    annualRate: annual ?? (hourRate ? hourlyToAnnual(hourRate) : null),
    minBorrow: replyField(loan, 'minBorrowAmount') ?? replyField(loan, 'minBorrowLimit'),
    maxBorrow: replyField(loan, 'maxBorrowAmount') ?? replyField(loan, 'maxBorrowLimit'),
    initRate: ratio('initRate'),
    supRate: ratio('supRate'),
    forceRate: ratio('forceRate'),
  };
}

/** The terms line: rates of the term, borrow limits, the pledge coin's three ratios. */
export function termsText(t: BorrowTerms, term: LoanTerm, loanCoin: string): string {
  const parts = [`${term} ${t.hourRate ? fmtPct(t.hourRate, { decimals: 4 }) : '?'}/h · ${t.annualRate ? fmtPct(t.annualRate) : '?'}/yr`];
  if (t.minBorrow !== null || t.maxBorrow !== null) parts.push(`${t.minBorrow ?? '?'}–${t.maxBorrow ?? '?'} ${loanCoin}`);
  if (t.initRate) parts.push(`init ${fmtPct(t.initRate)} · call ${t.supRate ? fmtPct(t.supRate) : '?'} · liq ${t.forceRate ? fmtPct(t.forceRate) : '?'}`);
  return parts.join(' · ');
}

/**
 * The estimate for a loan amount, worked out here: interest per hour at the term's rate, over the
 * fixed term (or per day when flexible), and the collateral the initial ratio asks for.
 */
export function loanAmountEstimate(amount: Decimal, t: BorrowTerms, input: Pick<BorrowInput, 'loanCoin' | 'pledgeCoin' | 'term'>, tickers: Readonly<Record<string, Ticker>>): string | null {
  if (!t.hourRate) return null;
  const perHour = hourlyInterest(amount, t.hourRate);
  const span = termHours(input.term) === null ? 'a day' : `the ${input.term === 'SEVEN' ? '7' : '30'}-day term`;
  const parts = [`~${perHour.toSignificantDigits(4).toFixed()} ${input.loanCoin}/hour`, `~${estimateTermInterest(amount, t.hourRate, input.term).toSignificantDigits(4).toFixed()} over ${span}`];
  const loanPrice = coinPriceUsdt(tickers, input.loanCoin);
  const pledgePrice = coinPriceUsdt(tickers, input.pledgeCoin);
  const needed = t.initRate && loanPrice && pledgePrice ? pledgeNeeded(amount.times(loanPrice), t.initRate, pledgePrice) : null;
  if (needed) parts.push(`needs ≥ ${needed.toDecimalPlaces(8, Decimal.ROUND_UP).toFixed()} ${input.pledgeCoin}`);
  return parts.join(' · ');
}

/**
 * Live terms and interest estimate for the borrow form, updating as the user types: the loan coin's
 * rates and limits and the pledge coin's ratios (`loan.getCoins`, asked again when a coin changes), and either the exchange's own
 * estimate for a collateral amount (`loan.getInterest`, the borrowable amount and interest per hour)
 * or, for a loan amount, the interest and the collateral needed worked out from the rates. Each
 * request waits `ESTIMATE_DEBOUNCE_MS` after the last keystroke; failures show as a line, never throw.
 * Inactive (nothing asked) when `active` is false.
 */
export function useBorrowEstimate(active: boolean, input: BorrowInput, tickers: Readonly<Record<string, Ticker>>): BorrowEstimate {
  const { services } = useAppContext();
  const [terms, setTerms] = useState<{ readonly key: string; readonly reply: unknown } | { readonly key: string; readonly error: string } | null>(null);
  const [quote, setQuote] = useState<{ readonly key: string; readonly text: string } | null>(null);
  const coinsKey = `${input.loanCoin}|${input.pledgeCoin}`;
  useEffect(() => {
    if (!active || input.loanCoin === '' || input.pledgeCoin === '') return undefined;
    let live = true;
    const timer = setTimeout(() => {
      askLoanCoins(services.exchange).then(
        (reply) => live && setTerms({ key: coinsKey, reply }),
        (error: unknown) => live && setTerms({ key: coinsKey, error: error instanceof Error ? error.message : String(error) }),
      );
    }, ESTIMATE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [active, coinsKey]);

  const pledge = parseAmount(input.pledgeAmount);
  const loanAmount = parseAmount(input.loanAmount);
  const quoteKey = `${coinsKey}|${input.term}|${input.pledgeAmount}`;
  const asksExchange = active && pledge !== null && input.loanAmount === '';
  useEffect(() => {
    if (!asksExchange) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      const params = { loanCoin: input.loanCoin, pledgeCoin: input.pledgeCoin, daily: input.term, pledgeAmount: input.pledgeAmount };
      services.exchange.call('loan.getInterest', params).then(
        (reply) => live && setQuote({ key: quoteKey, text: `up to ${replyField(reply, 'loanAmount') ?? '?'} ${input.loanCoin} · ~${replyField(reply, 'hourInterest') ?? '?'} ${input.loanCoin}/hour at that amount` }),
        (error: unknown) => live && setQuote({ key: quoteKey, text: `estimate failed: ${error instanceof Error ? error.message : String(error)}` }),
      );
    }, ESTIMATE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [asksExchange, quoteKey]);

  if (!active) return { terms: null, estimate: null, coins: null };
  const known = terms !== null && terms.key === coinsKey && 'reply' in terms ? borrowTermsFrom(terms.reply, input.loanCoin, input.pledgeCoin, input.term) : null;
  const termsLine = terms === null || terms.key !== coinsKey ? 'rates: asking the exchange…' : 'error' in terms ? `rates: ${terms.error}` : known ? termsText(known, input.term, input.loanCoin) : null;
  let estimate: string | null = null;
  if (loanAmount !== null && input.pledgeAmount === '') estimate = known ? loanAmountEstimate(loanAmount, known, input, tickers) : null;
  else if (asksExchange) estimate = quote !== null && quote.key === quoteKey ? quote.text : 'estimating…';
  const coins = terms !== null && terms.key === coinsKey && 'reply' in terms ? { loanCoin: input.loanCoin, pledgeCoin: input.pledgeCoin, reply: terms.reply } : null;
  return { terms: termsLine, estimate, coins };
}

/**
 * Asks `loan.getCoins` for every coin. Its `coin` filter narrows both lists on the embedded
 * exchange (the page does not say otherwise), so a query for the loan coin would carry no ratios
 * of the pledge coin: the form would miss the initial, margin-call and liquidation ratios.
 */
export function askLoanCoins(exchange: ExchangeCalls): Promise<unknown> {
  return Promise.resolve().then(() => exchange.call('loan.getCoins', {}));
}

function amt(d: Decimal): string {
  return d.toSignificantDigits(8).toFixed();
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The exchange's estimate for a collateral amount (`loan.getInterest`), or why there is none. */
export interface BorrowQuote {
  /** The loan the collateral allows (loan coin); null when not given. */
  readonly loanAmount: Decimal | null;
  /** Interest per hour at that amount (loan coin, wire text); null when not given. */
  readonly hourInterest: string | null;
  /** The call's failure; null when it answered. */
  readonly error: string | null;
}

/**
 * The borrow review (issue 15): what is borrowed against how much collateral (the amount not
 * typed is the one the exchange sizes at the initial ratio, marked ≈), the starting ratio (loan
 * value / collateral value) and the collateral-coin prices at the margin-call and liquidation
 * lines of the pledge coin (`loan.getCoins` supRate / forceRate). The first line starts "Confirm:".
 */
export function borrowReviewLines(input: BorrowInput, terms: BorrowTerms | null, termsError: string | null, tickers: Readonly<Record<string, Ticker>>, quote: BorrowQuote | null): readonly string[] {
  const { loanCoin, pledgeCoin } = input;
  const loanPrice = coinPriceUsdt(tickers, loanCoin);
  const pledgePrice = coinPriceUsdt(tickers, pledgeCoin);
  const givenLoan = parseAmount(input.loanAmount);
  const givenPledge = parseAmount(input.pledgeAmount);
  const plan =
    loanPrice && pledgePrice
      ? borrowPlan({ loanAmount: givenLoan ?? quote?.loanAmount ?? null, pledgeAmount: givenPledge, loanPrice, pledgePrice, initRate: terms?.initRate ?? null, supRate: terms?.supRate ?? null, forceRate: terms?.forceRate ?? null })
      : null;
  const loanText = givenLoan ? amt(givenLoan) : plan ? `≈${amt(plan.loanAmount)}` : '(as much as the collateral allows)';
  const pledgeText = givenPledge ? amt(givenPledge) : plan ? `≈${amt(plan.pledgeAmount)}` : '(what the initial ratio asks)';
  const lines = [`Confirm: borrow ${loanText} ${loanCoin} against ${pledgeText} ${pledgeCoin}, ${input.term}`];
  if (!loanPrice || !pledgePrice) {
    lines.push(`starting ratio unknown: no price for ${loanPrice ? pledgeCoin : loanCoin}`);
  } else if (!plan) {
    lines.push(`starting ratio unknown: no initial ratio for ${pledgeCoin}${termsError ? ` (rates: ${termsError})` : ''}`);
  } else {
    const loanValue = plan.loanAmount.times(loanPrice);
    lines.push(`starting ratio ${fmtPct(plan.ratio)} = loan ${amt(loanValue)} / collateral ${amt(plan.pledgeAmount.times(pledgePrice))} USDT`);
    const why = termsError ? ` (rates: ${termsError})` : ' (no ratio from the exchange)';
    lines.push(plan.marginCallPrice && terms?.supRate ? `${pledgeCoin} margin call at ${amt(plan.marginCallPrice)} USDT (${fmtPct(terms.supRate)})` : `${pledgeCoin} margin call price unknown${why}`);
    lines.push(plan.liquidationPrice && terms?.forceRate ? `${pledgeCoin} liquidation at ${amt(plan.liquidationPrice)} USDT (${fmtPct(terms.forceRate)})` : `${pledgeCoin} liquidation price unknown${why}`);
  }
  if (quote?.hourInterest) lines.push(`~${quote.hourInterest} ${loanCoin}/hour interest`);
  else if (quote?.error) lines.push(`interest estimate failed: ${quote.error}`);
  if (!givenLoan || !givenPledge) lines.push(`≈ the exchange sizes it at the initial ratio${terms?.initRate ? ` ${fmtPct(terms.initRate)}` : ''}`);
  return lines;
}

/**
 * Works out the borrow review: the coins' ratios from `cached` when it is for these coins, else
 * from `loan.getCoins`; for a collateral amount, the exchange's loan amount and interest from
 * `loan.getInterest`. Never rejects: a failed call shows as a line.
 */
export async function reviewBorrow(exchange: ExchangeCalls, input: BorrowInput, cached: CoinsReply | null, tickers: Readonly<Record<string, Ticker>>): Promise<readonly string[]> {
  const ask = (op: string, params: Record<string, string>) => Promise.resolve().then(() => exchange.call(op, params));
  const reuse = cached !== null && cached.loanCoin === input.loanCoin && cached.pledgeCoin === input.pledgeCoin;
  const termsAsked = (reuse ? Promise.resolve(cached.reply) : askLoanCoins(exchange)).then(
    (reply) => ({ terms: borrowTermsFrom(reply, input.loanCoin, input.pledgeCoin, input.term), error: null }),
    (error: unknown) => ({ terms: null, error: errorText(error) }),
  );
  const quoteAsked: Promise<BorrowQuote | null> =
    input.pledgeAmount === ''
      ? Promise.resolve(null)
      : ask('loan.getInterest', { loanCoin: input.loanCoin, pledgeCoin: input.pledgeCoin, daily: input.term, pledgeAmount: input.pledgeAmount }).then(
          (reply) => ({ loanAmount: dec(replyField(reply, 'loanAmount')), hourInterest: replyField(reply, 'hourInterest'), error: null }),
          (error: unknown) => ({ loanAmount: null, hourInterest: null, error: errorText(error) }),
        );
  const [t, quote] = await Promise.all([termsAsked, quoteAsked]);
  return borrowReviewLines(input, t.terms, t.error, tickers, quote);
}
