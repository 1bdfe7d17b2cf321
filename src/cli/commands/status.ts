import { riskSummary, type RiskSummary } from '../../domain/risk-summary.js';
import { countdownPiece, riskCellsOf, type LineTone, type RiskCells } from '../../ui/layout/status-line.js';
import { UsageError } from '../args.js';
import type { ParsedArgs } from './flags.js';
import { expectPositionals } from './flags.js';
import { dec, renderCsv, renderJson, type Row } from './output.js';
import { readAccount, readLoans, readPositions } from '../../exchange/rest/private-reads.js';
import { openRestReader } from './rest-reads.js';
import { loadCountdown } from './state-files.js';
import type { CommandTarget } from './target.js';

/**
 * `utadash status`: the cockpit's risk line in one short line for a tmux status bar or a prompt:
 * mode, equity, unrealised PnL, margin ratio, nearest liquidation, worst loan ratio and the
 * countdown. Three REST reads at once (account, positions, loans); no sockets, and nothing of Ink
 * is loaded on this path (`bench/cli-status-bench.ts` measures it).
 */

/** `--tmux`: tmux style codes per tone (only the worrying tones are coloured). */
const TMUX_STYLE: Readonly<Record<string, string>> = { danger: '#[fg=red,bold]', warn: '#[fg=yellow]', down: '#[fg=red]', up: '#[fg=green]' };

function styled(text: string, tone: LineTone, tmux: boolean): string {
  const style = tone ? TMUX_STYLE[tone] : undefined;
  return tmux && style ? `${style}${text}#[default]` : text;
}

/** The one line: `DEMO Eq $100.00K uPnL +$12.50 Mgn 0.0% Liq BTC 12.3% Loan - DMS off`. */
export function statusLine(mode: string, cells: RiskCells, countdown: { readonly text: string; readonly tone: LineTone }, tmux: boolean): string {
  const parts = [mode, cells.equityShort, styled(cells.pnlShort, cells.pnlTone, tmux), styled(cells.marginShort, cells.marginTone, tmux), styled(cells.liqShort, cells.liqTone, tmux), styled(cells.loanShort, cells.loanTone, tmux)];
  return `${parts.join(' ')} ${styled(countdown.text.trim(), countdown.tone, tmux)}`;
}

/** The figures as `--json` and `--csv` print them (decimals as strings, fractions as fractions). */
export function statusRecord(mode: string, account: string, s: RiskSummary, at: number): Record<string, unknown> {
  const liq = s.nearestLiquidation;
  const loan = s.worstLoan;
  return {
    mode,
    account,
    time: new Date(at).toISOString(),
    equity: dec(s.equity),
    unrealisedPnl: dec(s.unrealisedPnl),
    marginRatio: dec(s.marginRatio),
    marginLevel: s.marginLevel,
    nearestLiquidation: liq ? { category: liq.category, symbol: liq.symbol, posSide: liq.posSide, markPrice: dec(liq.mark), liqPrice: dec(liq.liqPrice), distance: dec(liq.distance), level: liq.level } : null,
    worstLoan: loan ? { orderId: loan.orderId, loanCoin: loan.loanCoin, pledgeCoin: loan.pledgeCoin, ratio: dec(loan.ratio), marginCall: dec(loan.marginCall), liquidation: dec(loan.liquidation), level: loan.level } : null,
    countdown: { state: s.countdown.state, secondsLeft: s.countdown.secondsLeft },
  };
}

function csvRow(mode: string, s: RiskSummary): Row {
  const liq = s.nearestLiquidation;
  const loan = s.worstLoan;
  return {
    mode,
    equity: dec(s.equity),
    unrealisedPnl: dec(s.unrealisedPnl),
    marginRatio: dec(s.marginRatio),
    liqSymbol: liq?.symbol ?? null,
    liqPosSide: liq?.posSide ?? null,
    liqDistance: dec(liq?.distance),
    loanOrderId: loan?.orderId ?? null,
    loanRatio: dec(loan?.ratio),
    loanMarginCall: dec(loan?.marginCall),
    loanLiquidation: dec(loan?.liquidation),
    countdownState: s.countdown.state,
    countdownSecondsLeft: s.countdown.secondsLeft,
  };
}

/** Runs `status` on an open target; resolves with the text to print. */
export async function runStatus(args: ParsedArgs, target: CommandTarget, env: NodeJS.ProcessEnv): Promise<string> {
  expectPositionals(args, 0, 0, 'status', '[--tmux] [--json|--csv]');
  const tmux = args.switches.has('--tmux');
  if (tmux && args.common.format !== 'table') throw new UsageError('status: --tmux styles the one line; it does not go with --json or --csv');
  const reader = openRestReader(target);
  try {
    const now = Date.now();
    const [account, positions, loans] = await Promise.all([readAccount(reader.api, now), readPositions(reader.api), readLoans(reader.api)]);
    const { mode, account: label } = target.exchange;
    const countdown = loadCountdown(env, `${mode}:${label}`, now);
    const summary = riskSummary({ account, positions, loans, countdown, now });
    if (args.common.format === 'json') return renderJson(statusRecord(mode, label, summary, now));
    const row = csvRow(mode, summary);
    if (args.common.format === 'csv') return renderCsv({ columns: Object.keys(row).map((key) => ({ key })), rows: [row] });
    // The cockpit's own risk cells (ui/layout/status-line.ts) of what was read; no tickers: each position's own mark.
    const cells = riskCellsOf({ account, positions, loans, markOf: () => null });
    return `${statusLine(mode, cells, countdownPiece(summary.countdown), tmux)}\n`;
  } finally {
    await reader.close();
  }
}
