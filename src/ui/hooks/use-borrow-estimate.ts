import { Decimal } from 'decimal.js';
import { fmtPct } from '../../domain/format.js';
import { borrowPlan, estimateTermInterest, hourlyInterest, hourlyToAnnual, pledgeNeeded, termHours } from '../../domain/loan-math.js';
import type { LoanCoins, LoanInterestQuote } from '../../domain/loan-quotes.js';
import type { LoanTerm, Ticker } from '../../domain/model.js';
import type { LoanServices } from '../../services/app-services.js';
import { useEffect, useState } from 'react';
import { useAppContext } from './app-context.js';
import { coinPriceUsdt, parseAmount, type BorrowInput } from './use-loans.js';

/** Wait after the last keystroke before asking the exchange, ms. */
export const ESTIMATE_DEBOUNCE_MS = 350;

/** A loan coin's rates and limits and a pledge coin's ratios, as the loan service gives them (fractions). */
export interface BorrowTerms {
  /** Hourly rate of the chosen term (fraction). */
  readonly hourRate: Decimal | null;
  /** Annual rate of the chosen term (fraction), from the exchange or hourly × 8760. */
  readonly annualRate: Decimal | null;
  /** Smallest loan (loan coin, as text); null when not given. */
  readonly minBorrow: string | null;
  /** Largest loan (loan coin, as text); null when not given. */
  readonly maxBorrow: string | null;
  /** Initial, margin-call and liquidation ratios of the pledge coin (fractions). */
  readonly initRate: Decimal | null;
  readonly supRate: Decimal | null;
  readonly forceRate: Decimal | null;
}

/** The loan service's coins and the coins they were asked for (the review reuses them). */
export interface CoinsAnswer {
  readonly loanCoin: string;
  readonly pledgeCoin: string;
  readonly coins: LoanCoins;
}

/** The two lines the borrow form shows: the terms, and the estimate for what is typed. */
export interface BorrowEstimate {
  /** E.g. "FLEXIBLE 0.0006 %/h · 5.25 %/yr · 10–2 000 000 USDT · init 65 % · call 80 % · liq 91 %"; null while unknown. */
  readonly terms: string | null;
  /** E.g. "up to 6305.247 USDT · ~0.0378 USDT/hour"; null when nothing to estimate. */
  readonly estimate: string | null;
  /** The last coins answer for the coins typed (the review reuses it); null while unknown. */
  readonly coins: CoinsAnswer | null;
}

/** The rates of `term` for `loanCoin` and the ratios of `pledgeCoin`; nulls for a coin the exchange does not list. */
export function borrowTermsFrom(coins: LoanCoins, loanCoin: string, pledgeCoin: string, term: LoanTerm): BorrowTerms {
  const loan = coins.loanCoins.find((c) => c.coin === loanCoin);
  const pledge = coins.pledgeCoins.find((c) => c.coin === pledgeCoin);
  const hourRate = loan?.rates[term].hourRate ?? null;
  return {
    hourRate,
    annualRate: loan?.rates[term].annualRate ?? (hourRate ? hourlyToAnnual(hourRate) : null),
    minBorrow: loan?.minBorrow?.toFixed() ?? null,
    maxBorrow: loan?.maxBorrow?.toFixed() ?? null,
    initRate: pledge?.initRate ?? null,
    supRate: pledge?.supRate ?? null,
    forceRate: pledge?.forceRate ?? null,
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
 * rates and limits and the pledge coin's ratios (`services.loans.getCoins`, asked again when a coin
 * changes), and either the exchange's own estimate for a collateral amount (`getInterest`, the
 * borrowable amount and interest per hour)
 * or, for a loan amount, the interest and the collateral needed worked out from the rates. Each
 * request waits `ESTIMATE_DEBOUNCE_MS` after the last keystroke; failures show as a line, never throw.
 * Inactive (nothing asked) when `active` is false.
 */
export function useBorrowEstimate(active: boolean, input: BorrowInput, tickers: Readonly<Record<string, Ticker>>): BorrowEstimate {
  const { services } = useAppContext();
  const [terms, setTerms] = useState<{ readonly key: string; readonly coins: LoanCoins } | { readonly key: string; readonly error: string } | null>(null);
  const [quote, setQuote] = useState<{ readonly key: string; readonly text: string } | null>(null);
  const coinsKey = `${input.loanCoin}|${input.pledgeCoin}`;
  useEffect(() => {
    if (!active || input.loanCoin === '' || input.pledgeCoin === '') return undefined;
    let live = true;
    const timer = setTimeout(() => {
      askLoanCoins(services.loans).then(
        (coins) => live && setTerms({ key: coinsKey, coins }),
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
      askInterest(services.loans, input).then(
        (q) => live && setQuote({ key: quoteKey, text: `up to ${q.loanAmount?.toFixed() ?? '?'} ${input.loanCoin} · ~${q.hourInterest?.toFixed() ?? '?'} ${input.loanCoin}/hour at that amount` }),
        (error: unknown) => live && setQuote({ key: quoteKey, text: `estimate failed: ${error instanceof Error ? error.message : String(error)}` }),
      );
    }, ESTIMATE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [asksExchange, quoteKey]);

  if (!active) return { terms: null, estimate: null, coins: null };
  const known = terms !== null && terms.key === coinsKey && 'coins' in terms ? borrowTermsFrom(terms.coins, input.loanCoin, input.pledgeCoin, input.term) : null;
  const termsLine = terms === null || terms.key !== coinsKey ? 'rates: asking the exchange…' : 'error' in terms ? `rates: ${terms.error}` : known ? termsText(known, input.term, input.loanCoin) : null;
  let estimate: string | null = null;
  if (loanAmount !== null && input.pledgeAmount === '') estimate = known ? loanAmountEstimate(loanAmount, known, input, tickers) : null;
  else if (asksExchange) estimate = quote !== null && quote.key === quoteKey ? quote.text : 'estimating…';
  const coins = terms !== null && terms.key === coinsKey && 'coins' in terms ? { loanCoin: input.loanCoin, pledgeCoin: input.pledgeCoin, coins: terms.coins } : null;
  return { terms: termsLine, estimate, coins };
}

/** Every loan and pledge coin from the loan service; a synchronous throw of a double becomes a rejection. */
export function askLoanCoins(loans: LoanServices): Promise<LoanCoins> {
  return Promise.resolve().then(() => loans.getCoins());
}

/** The exchange's estimate for the collateral typed (the caller checked it is a positive amount). */
function askInterest(loans: LoanServices, input: BorrowInput): Promise<LoanInterestQuote> {
  return Promise.resolve().then(() => {
    const pledgeAmount = parseAmount(input.pledgeAmount);
    if (!pledgeAmount) throw new Error(`collateral amount must be a positive number (got "${input.pledgeAmount}")`);
    return loans.getInterest({ loanCoin: input.loanCoin, pledgeCoin: input.pledgeCoin, term: input.term, pledgeAmount });
  });
}

function amt(d: Decimal): string {
  return d.toSignificantDigits(8).toFixed();
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The exchange's estimate for a collateral amount (`services.loans.getInterest`), or why there is none. */
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
 * lines of the pledge coin (its supRate / forceRate from the loan service). The first line starts "Confirm:".
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
 * from the loan service; for a collateral amount, the exchange's loan amount and interest. Never
 * rejects: a failed call shows as a line.
 */
export async function reviewBorrow(loans: LoanServices, input: BorrowInput, cached: CoinsAnswer | null, tickers: Readonly<Record<string, Ticker>>): Promise<readonly string[]> {
  const reuse = cached !== null && cached.loanCoin === input.loanCoin && cached.pledgeCoin === input.pledgeCoin;
  const termsAsked = (reuse ? Promise.resolve(cached.coins) : askLoanCoins(loans)).then(
    (coins) => ({ terms: borrowTermsFrom(coins, input.loanCoin, input.pledgeCoin, input.term), error: null }),
    (error: unknown) => ({ terms: null, error: errorText(error) }),
  );
  const quoteAsked: Promise<BorrowQuote | null> =
    input.pledgeAmount === ''
      ? Promise.resolve(null)
      : askInterest(loans, input).then(
          (q) => ({ loanAmount: q.loanAmount, hourInterest: q.hourInterest?.toFixed() ?? null, error: null }),
          (error: unknown) => ({ loanAmount: null, hourInterest: null, error: errorText(error) }),
        );
  const [t, quote] = await Promise.all([termsAsked, quoteAsked]);
  return borrowReviewLines(input, t.terms, t.error, tickers, quote);
}
