import { SOCKET_SILENT_MS } from '../../store/freshness.js';
import type { Decimal } from 'decimal.js';
import { fmtCompact, fmtPct, fmtUsd } from '../../domain/format.js';
import type { AccountSummary, Loan, Position } from '../../domain/model.js';
import { accountRisk, nearestLiquidation, worstLoan, type CountdownState } from '../../domain/risk-summary.js';
import type { AppState } from '../../store/app-state.js';
import type { SocketHealth } from '../../store/slices/connection-slice.js';
import { symbolKey } from '../../store/slices/market-slice.js';

/**
 * Pure layout of the top line (issue 17 item 3): each thing on it comes in forms from richest to
 * barest, and `fitStatusLine` gives way step by step in the `GIVE_WAY` order until the line fits.
 * Socket detail gives way first, the account name next, then the risk figures get shorter, and
 * only on the narrowest screens do risk figures go (loan, liquidation, margin ratio, uPnL). The
 * mode badge, orders of unknown result, equity and the countdown never give way.
 */

/** Semantic colour of a piece (mapped to the theme by the status bar). */
export type LineTone = 'ok' | 'warn' | 'danger' | 'up' | 'down' | 'muted' | null;

/** A run of text in one colour. */
export interface LinePiece {
  readonly text: string;
  readonly tone: LineTone;
  /** Bold regardless of the theme (default false). */
  readonly bold?: boolean;
}

/** What the line shows, in display order (the mode badge is drawn before it, apart). */
export const SEGMENT_ORDER = ['unknown', 'account', 'equity', 'pnl', 'margin', 'liq', 'loan', 'dms', 'sockets', 'clock'] as const;
/** One thing on the line. */
export type SegmentId = (typeof SEGMENT_ORDER)[number];

/** Forms of each segment, richest first; a form with no pieces means the segment is gone. */
export type LineSegments = Readonly<Record<SegmentId, readonly (readonly LinePiece[])[]>>;

/**
 * The order in which the line gives way when it is too wide: each step moves one segment to the
 * form with that index (steps are taken until the line fits).
 */
export const GIVE_WAY: readonly (readonly [SegmentId, number])[] = [
  ['clock', 1], // clock offset and rate headroom: gone (kept while they are off: see statusSegments)
  ['sockets', 1], // state and data age (round trip and reconnects gone)
  ['account', 1], // account name cut to 14
  ['account', 2], // account name gone
  ['clock', 2], // a clock far off or a rate limit nearly used up: gone only now
  ['sockets', 2], // state word only
  ['sockets', 3], // one glyph per socket: P✓ A✓
  ['loan', 1], // the risk figures in short form
  ['liq', 1],
  ['pnl', 1],
  ['equity', 1],
  ['margin', 1],
  ['sockets', 4], // ✓✓
  ['loan', 2], // risk figures go: loan, liquidation, margin ratio, (the socket glyphs,) uPnL
  ['liq', 2],
  ['margin', 2],
  ['sockets', 5],
  ['pnl', 2],
];

/** Width in cells of some pieces (everything on the line is one cell per UTF-16 unit). */
export function piecesWidth(pieces: readonly LinePiece[]): number {
  return pieces.reduce((n, p) => n + p.text.length, 0);
}

/**
 * The pieces to draw in `width` cells: every segment in its richest form, then `GIVE_WAY` steps
 * until it fits. What never gives way may still be wider than a very narrow screen; the caller
 * truncates.
 */
export function fitStatusLine(segments: LineSegments, width: number): readonly LinePiece[] {
  const form: Record<SegmentId, number> = { unknown: 0, account: 0, equity: 0, pnl: 0, margin: 0, liq: 0, loan: 0, dms: 0, sockets: 0, clock: 0 };
  const pick = (id: SegmentId) => {
    const forms = segments[id];
    return forms[Math.min(form[id], forms.length - 1)] ?? [];
  };
  // The first piece needs no space before it: the badge drawn before the line ends in one.
  const line = (): readonly LinePiece[] => {
    const [first, ...rest] = SEGMENT_ORDER.flatMap(pick);
    return first ? [{ ...first, text: first.text.replace(/^ /, '') }, ...rest] : [];
  };
  for (const [id, to] of GIVE_WAY) {
    if (piecesWidth(line()) <= width) break;
    form[id] = Math.max(form[id], to);
  }
  return line();
}

const GOOD = new Set(['open', 'authenticated', 'subscribed']);

/** Healthy: a good state and a frame within the silence bound every panel's freshness uses. */
function healthy(h: SocketHealth, now: number): boolean {
  return GOOD.has(h.state) && now - h.lastMessageAt < SOCKET_SILENT_MS;
}

/** Tone of a socket: ok when healthy, danger when fatal, else warn. */
export function socketTone(h: SocketHealth, now: number): LineTone {
  return healthy(h, now) ? 'ok' : h.state === 'fatal' ? 'danger' : 'warn';
}

/** One cell for a socket's state: ✓ healthy, ✗ fatal or closed, ~ on the way (or silent). */
export function socketGlyph(h: SocketHealth, now: number): string {
  if (healthy(h, now)) return '✓';
  return h.state === 'fatal' || h.state === 'closed' ? '✗' : '~';
}

/** The forms of one socket: full (state, age, round trip, reconnects), state and age, state, glyph. */
function socketForms(name: string, letter: string, h: SocketHealth, now: number): readonly string[] {
  const age = h.lastMessageAt ? `${Math.min(999, Math.max(0, Math.floor((now - h.lastMessageAt) / 1000)))}s` : '--';
  const rtt = h.pingRttMs === null ? '--' : `${Math.min(9999, Math.round(h.pingRttMs))}ms`;
  const state = h.state.slice(0, 10).padEnd(10);
  return [`${name} ${state} ${age.padStart(4)} ${rtt.padStart(6)} r${h.reconnects}`, `${name} ${state} ${age.padStart(4)}`, `${name} ${state}`, `${letter}${socketGlyph(h, now)}`];
}

/** The socket segment's forms: full, age, state, `P✓ A✓`, `✓✓`, gone. */
export function socketSegment(pub: SocketHealth, priv: SocketHealth, now: number): readonly (readonly LinePiece[])[] {
  const p = socketForms('pub', 'P', pub, now);
  const a = socketForms('priv', 'A', priv, now);
  const pt = socketTone(pub, now);
  const at = socketTone(priv, now);
  const both = (i: number): readonly LinePiece[] => [{ text: ` ${p[i] ?? ''}`, tone: pt }, { text: ` ${a[i] ?? ''}`, tone: at }];
  return [both(0), both(1), both(2), both(3), [{ text: ` ${socketGlyph(pub, now)}`, tone: pt }, { text: socketGlyph(priv, now), tone: at }], []];
}

/** Shown for a figure the data cannot give. */
export const DASH = '—';

function signed(d: Decimal, text: string): string {
  return d.gt(0) && /[1-9]/.test(text) ? `+${text}` : text;
}

/** Compact dollars without the sign: "99.8K", "-1.2M", "987.7". */
function compactUsd(d: Decimal): string {
  const text = fmtCompact(d.abs(), 1);
  return d.lt(0) && /[1-9]/.test(text) ? `-${text}` : text;
}

/** A fraction as a percentage with at most `decimals` places, trailing zeros dropped (0.8 → "80", 0.875 → "87.5"). */
function pctNumber(d: Decimal, decimals: number): string {
  const text = fmtPct(d, { decimals }).slice(0, -1);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** A symbol without its quote coin, for the short form ("BTCUSDT" → "BTC"; "BTCPERP" → "BTC"). */
function baseOf(symbol: string): string {
  const base = symbol.replace(/(USDT|USDC|USD|PERP)$/, '');
  return base === '' ? symbol : base;
}

/**
 * The risk figures as text, full and short, with their tones: primitives only, so a selector
 * returning them re-renders the status bar only when what it shows changes.
 */
export interface RiskCells {
  readonly equity: string;
  readonly equityShort: string;
  readonly pnl: string;
  readonly pnlShort: string;
  readonly pnlTone: LineTone;
  readonly margin: string;
  readonly marginShort: string;
  readonly marginTone: LineTone;
  readonly liq: string;
  readonly liqShort: string;
  readonly liqTone: LineTone;
  readonly loan: string;
  readonly loanShort: string;
  readonly loanTone: LineTone;
}

/**
 * The risk cells from the store: the account summary, the open positions measured from their
 * ticker's mark (else their own), and the ongoing loans. The countdown is left to the caller (it
 * moves with the clock).
 */
export function riskCells(s: AppState): RiskCells {
  const tickers = s.market.tickers;
  return riskCellsOf({
    account: s.account.summary,
    positions: Object.values(s.positions.open),
    loans: s.loans.ongoing,
    markOf: (p) => tickers[symbolKey(p)]?.markPrice ?? null,
  });
}

/** What the risk cells are made of (`riskCells` reads them from the store; `utadash status` from its reads). */
export interface RiskInputs {
  readonly account: AccountSummary | null;
  /** Open positions (size above zero). */
  readonly positions: readonly Position[];
  readonly loans: readonly Loan[];
  /** A position's mark price when known better than its own (a ticker's); null: its own. */
  readonly markOf: (p: Position) => Decimal | null;
}

/** The risk cells of `inputs` (see `riskCells`). */
export function riskCellsOf({ account, positions, loans, markOf }: RiskInputs): RiskCells {
  const a = accountRisk(account);
  const liq = nearestLiquidation(positions, markOf);
  const loan = worstLoan(loans);
  const pnl = a.unrealisedPnl;
  const line = (d: Decimal | null) => (d === null ? '?' : pctNumber(d, 2));
  const lineShort = (d: Decimal | null) => (d === null ? '?' : pctNumber(d, 1));
  return {
    equity: `Eq ${a.equity ? fmtUsd(a.equity) : DASH}`,
    equityShort: `Eq ${a.equity ? compactUsd(a.equity) : DASH}`,
    pnl: `uPnL ${pnl ? signed(pnl, fmtUsd(pnl)) : DASH}`,
    pnlShort: `uPnL ${pnl ? signed(pnl, compactUsd(pnl)) : DASH}`,
    pnlTone: pnl === null ? null : pnl.gt(0) ? 'up' : pnl.lt(0) ? 'down' : null,
    margin: `Margin ${a.marginRatio ? fmtPct(a.marginRatio) : DASH}`,
    marginShort: `Mgn ${a.marginRatio ? fmtPct(a.marginRatio, { decimals: 1 }) : DASH}`,
    marginTone: a.marginLevel,
    liq: `Liq ${liq ? `${liq.symbol} ${fmtPct(liq.distance)}` : DASH}`,
    liqShort: `Liq ${liq ? `${baseOf(liq.symbol)} ${fmtPct(liq.distance, { decimals: 1 })}` : DASH}`,
    liqTone: liq?.level ?? null,
    loan: `Loan ${loan ? `${fmtPct(loan.ratio, { decimals: 1 })} call ${line(loan.marginCall)}% liq ${line(loan.liquidation)}%` : DASH}`,
    loanShort: `Loan ${loan ? `${pctNumber(loan.ratio, 1)}/${lineShort(loan.marginCall)}/${lineShort(loan.liquidation)}%` : DASH}`,
    loanTone: loan?.level ?? null,
  };
}

/**
 * A `riskCells` selector that works again only when one of its inputs changed (account summary,
 * open positions, loans, tickers); other store updates (books, trades, orders) reuse the result.
 */
export function riskCellsSelector(): (s: AppState) => RiskCells {
  let last: { readonly inputs: readonly unknown[]; readonly cells: RiskCells } | null = null;
  return (s) => {
    const inputs = [s.account.summary, s.positions.open, s.loans.ongoing, s.market.tickers];
    if (last && inputs.every((v, i) => v === last?.inputs[i])) return last.cells;
    last = { inputs, cells: riskCells(s) };
    return last.cells;
  };
}

/** The countdown as text and tone: "DMS 12s" (armed; danger while renewals fail), "DMS FIRED", "DMS off". */
export function countdownPiece(c: CountdownState): LinePiece {
  switch (c.state) {
    case 'armed':
      return { text: ` DMS ${String(c.secondsLeft).padStart(2)}s`, tone: 'ok' };
    case 'failing':
      return { text: ` DMS ${String(c.secondsLeft).padStart(2)}s`, tone: 'danger' };
    case 'fired':
      return { text: ' DMS FIRED', tone: 'danger' };
    case 'off':
      return { text: ' DMS off', tone: 'muted' };
  }
}

/** The facts of the line besides the risk cells. */
export interface LineFacts {
  /** Orders whose result is not proven yet. */
  readonly unknown: number;
  /** Account label. */
  readonly account: string;
  readonly pub: SocketHealth;
  readonly priv: SocketHealth;
  /** Server clock minus local, ms. */
  readonly clockOffsetMs: number;
  /** REST rate headroom, 0–1. */
  readonly headroom: number;
  readonly countdown: CountdownState;
  /** Unix ms. */
  readonly now: number;
}

/** A clock offset beyond this (ms) or a rate headroom below this share is worth the space. */
const CLOCK_OFF_MS = 1000;
const RATE_LOW = 0.5;

/**
 * Clock offset and rate headroom: detail that gives way first while all is well; a clock a second
 * or more off, or a rate limit half used, is a warning kept until the account name has gone.
 */
function clockSegment(offsetMs: number, headroom: number): readonly (readonly LinePiece[])[] {
  const text = ` clock ${offsetMs >= 0 ? '+' : ''}${offsetMs}ms rate ${Math.round(headroom * 100)}%`;
  if (Math.abs(offsetMs) >= CLOCK_OFF_MS || headroom < RATE_LOW) return [[{ text, tone: 'warn' }], [{ text, tone: 'warn' }], []];
  return [[{ text, tone: 'muted' }], []];
}

/** Every segment with its forms. */
export function statusSegments(f: LineFacts, r: RiskCells): LineSegments {
  const one = (text: string, t: LineTone, bold = false): readonly (readonly LinePiece[])[] => [[{ text: ` ${text}`, tone: t, bold }]];
  const risk = (full: string, short: string, t: LineTone) => [[{ text: ` ${full}`, tone: t }], [{ text: ` ${short}`, tone: t }], []];
  return {
    unknown: f.unknown > 0 ? one(`? ${f.unknown} unknown`, 'danger', true) : [[]],
    account: f.account ? [[{ text: ` ${f.account.slice(0, 24)}`, tone: 'muted' }], [{ text: ` ${f.account.slice(0, 14)}`, tone: 'muted' }], []] : [[]],
    equity: [[{ text: ` ${r.equity}`, tone: null }], [{ text: ` ${r.equityShort}`, tone: null }]],
    pnl: risk(r.pnl, r.pnlShort, r.pnlTone),
    margin: risk(r.margin, r.marginShort, r.marginTone),
    liq: risk(r.liq, r.liqShort, r.liqTone),
    loan: risk(r.loan, r.loanShort, r.loanTone),
    dms: [[countdownPiece(f.countdown)]],
    sockets: socketSegment(f.pub, f.priv, f.now),
    clock: clockSegment(f.clockOffsetMs, f.headroom),
  };
}
