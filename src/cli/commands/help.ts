import { EXIT_CODES_TEXT } from './exit-codes.js';

/** The usage texts of the scriptable commands (`utadash help`, `utadash <command> --help`). */

const COMMON = `Common options:
  --profile NAME   a profile of the config file (keys, restUrl, paper)
  --paper          Bitget paper trading (demo keys; header paptrading: 1)
  --demo           the embedded exchange, started for the command's life
                   (or the one at UTADASH_SIM_URL); --seed N seeds its market
  --json, --csv    for scripts: stable field names, decimals as strings
  --help           this text
Without keys (BITGET_API_KEY/SECRET/PASSPHRASE or a profile) a command
refuses unless --demo is given: a script never trades a simulated account by
accident, nor the other way round.`;

const WRITE = `Writes print a summary of exactly what will be sent (to stderr), then ask
y/N on a terminal; --yes sends without asking (scripts). With no terminal and
no --yes nothing is sent (exit 2). They go through the cockpit's own checks:
the instrument's rules, the order guards (stale data, price far from the
mark, order value; --force sends despite a guard's warning), one clientOid per
order, and a result that is unknown looked up by clientOid, never resent.
Write options:
  --yes, -y        send without asking
  --wait SECONDS   how long to wait for the account and market data before
                   giving up (exit 4); default 20
  --no-audit       do not append to the audit log
                   ($XDG_STATE_HOME/utadash/audit.ndjson)
  --verbose        the services' log lines on stderr`;

/** Per command (`order place`, `countdown`, …): its usage text. */
const USAGES: Readonly<Record<string, string>> = {
  status: `utadash status — one line: mode, equity, unrealised PnL, margin ratio,
nearest liquidation, worst loan ratio, countdown (the cockpit's risk line)

Usage: utadash status [--tmux] [--json|--csv]
  --tmux   colour worrying figures with tmux style codes (#[fg=red]…)
For tmux:  set -g status-right '#(utadash status --tmux)'
The countdown shown is the one \`utadash countdown arm\` last set on this
machine (the exchange has no call to read it back).`,
  positions: `utadash positions — open futures positions

Usage: utadash positions [--json|--csv]
The table shows the main columns; --json and --csv carry every field.`,
  orders: `utadash orders — open orders

Usage: utadash orders [--symbol [CATEGORY:]SYMBOL] [--category CATEGORY] [--json|--csv]`,
  account: `utadash account — equity, margin figures and coins

Usage: utadash account [--json|--csv]
--csv prints the coins; --json the figures with the coins under "assets".`,
  loans: `utadash loans — ongoing crypto loans (ratios as fractions: 0.65 = 65 %)

Usage: utadash loans [--json|--csv]`,
  book: `utadash book — the order book

Usage: utadash book [CATEGORY:]SYMBOL [--depth N] [--json|--csv]
  --depth N   levels a side, 1–200; default 10
SYMBOL alone is USDT-FUTURES (as the dashboard's --symbol); SPOT:BTCUSDT for spot.`,
  ticker: `utadash ticker — last, bid, ask, mark, 24 h figures

Usage: utadash ticker [CATEGORY:]SYMBOL [--json|--csv]`,
  'order place': `utadash order place — place one order

Usage: utadash order place [CATEGORY:]SYMBOL SIDE QTY [PRICE] [options]
  SIDE     spot and margin: buy | sell
           futures: open-long | open-short | close-long | close-short
           (buy = open-long, sell = open-short); mapped to side, posSide and
           reduceOnly by the account's hold mode, as the ticket does
  QTY      in the instrument's quantity unit (spot market buys: quote coin)
  PRICE    a limit price; without it a market order
  --tif gtc|ioc|fok|post_only   limit orders; default gtc
  --margin crossed|isolated      futures; default crossed
  --tp PRICE, --sl PRICE         preset take-profit / stop-loss triggers
  --trigger-by last|mark         what triggers TP/SL (futures); default last
  --force                        send despite the order guards' warnings`,
  'order cancel': `utadash order cancel — cancel one open order

Usage: utadash order cancel ORDER_ID
ORDER_ID is the exchange's order id or the order's clientOid.`,
  'order cancel-all': `utadash order cancel-all — cancel every open order of a symbol or category

Usage: utadash order cancel-all (--symbol [CATEGORY:]SYMBOL | --category CATEGORY)`,
  'order close': `utadash order close — close a position (market, or part of it / at a limit)

Usage: utadash order close [CATEGORY:]SYMBOL [--side long|short] [--qty Q|N%] [--price P]
  --side long|short   which position (needed when both sides are open)
  --qty Q or N%       part of it (default all that is available)
  --price P           a limit close (default market)`,
  countdown: `utadash countdown — the dead-man switch (countdown-cancel-all)

Usage: utadash countdown arm SECONDS | utadash countdown disarm
Armed, the exchange cancels every UTA order unless the countdown is renewed
within SECONDS (5–60). The command arms once and exits: renew it from cron
(README "From the shell"), or run the cockpit, which renews it.`,
  borrow: `utadash borrow — borrow against collateral (crypto loan)

Usage: utadash borrow LOAN_COIN PLEDGE_COIN (--pledge AMOUNT | --loan AMOUNT) [--term flexible|7|30]
  --pledge AMOUNT   collateral to pledge (the exchange sizes the loan)
  --loan AMOUNT     loan to take (the exchange sizes the collateral)
  --term            flexible (default), 7 or 30 days`,
  repay: `utadash repay — repay a crypto loan in part or in full

Usage: utadash repay LOAN_ORDER_ID [AMOUNT] [--unlock]
  AMOUNT     in the loan coin; without it everything (principal and interest)
  --unlock   release the collateral once repaid in full`,
  watch: `utadash watch — the config file's alert rules without the full screen

Usage: utadash watch [--once] [--json] [--wait SECONDS]
Prints one line per alert (time, level, text; --json one JSON object a line),
and rings the bell and sends desktop notifications (OSC 9/777) as the
config's "alerts" say, when stdout is a terminal. Runs until interrupted.
  --once           wait for the data the rules read, check once, exit:
                   0 when no alert fired, 5 when one did
  --wait SECONDS   how long --once waits for the data; default 20 (then exit 4)`,
  completion: `utadash completion — shell completion

Usage: utadash completion bash|zsh
  bash:  eval "$(utadash completion bash)"     (e.g. in ~/.bashrc)
  zsh:   eval "$(utadash completion zsh)"      (e.g. in ~/.zshrc)`,
};

/** Which commands are writes (their help carries the write section). */
const WRITES = new Set(['order place', 'order cancel', 'order cancel-all', 'order close', 'countdown', 'borrow', 'repay']);

/** The overview: every command, the common options, the exit statuses. */
export const COMMANDS_USAGE = `utadash — one answer from the shell, then exit (tmux, scripts, cron)

Usage: utadash <command> [options]     utadash <command> --help for more

Read:
  status                   one line: mode, equity, uPnL, margin, liquidation, loan, countdown
  positions                open positions
  orders                   open orders
  account                  equity, margin figures and coins
  loans                    ongoing crypto loans
  book SYMBOL              the order book
  ticker SYMBOL            the ticker
Write (summary, then y/N on a terminal; --yes for scripts):
  order place SYMBOL SIDE QTY [PRICE]
  order cancel ORDER_ID
  order cancel-all --symbol SYMBOL | --category CATEGORY
  order close SYMBOL
  countdown arm SECONDS | countdown disarm
  borrow LOAN_COIN PLEDGE_COIN --pledge AMOUNT | --loan AMOUNT
  repay LOAN_ORDER_ID [AMOUNT]
Alerts:
  watch [--once]           the config's alert rules, one line per alert
Journal (the dashboard's own record, read from its file; no keys needed):
  journal export           fills, funding, loans, equity or orders as CSV or JSON
  journal stats            PnL by symbol, day or week; totals per coin
Shell:
  completion bash|zsh      shell completion

${COMMON}

${EXIT_CODES_TEXT}`;

/** The help of `command` (`status`, `order place`, `order`, `countdown`, …); the overview for an unknown one. */
export function commandUsage(command: string): string {
  if (command === 'order') return ['order place', 'order cancel', 'order cancel-all', 'order close'].map((c) => USAGES[c] ?? '').join('\n\n') + `\n\n${WRITE}\n\n${COMMON}\n\n${EXIT_CODES_TEXT}`;
  const usage = USAGES[command];
  if (usage === undefined) return COMMANDS_USAGE;
  return [usage, ...(WRITES.has(command) ? [WRITE] : []), COMMON, EXIT_CODES_TEXT].join('\n\n');
}
