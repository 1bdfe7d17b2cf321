/** Command-line options of the dashboard. */
export interface CliOptions {
  /** Config-file profile to use (default: the file's `defaultProfile`, else "default"). */
  readonly profile: string | null;
  /** Trade Bitget's paper-trading environment (header `paptrading: 1`, demo websocket hosts). */
  readonly paper: boolean;
  /** Run on the embedded exchange even when keys are configured. */
  readonly demo: boolean;
  /** Symbol to select at start, e.g. `BTCUSDT` or `USDT-FUTURES:BTCUSDT`. */
  readonly symbol: string | null;
  /** Theme name (themes/*.json); default "dark", or "monochrome" when NO_COLOR is set. */
  readonly theme: string | null;
  /** Frames per second cap; default 60 (streaming is published at 10 Hz), or 5 in SSH mode. */
  readonly maxFps: number | null;
  /** Write the log here (default: $XDG_STATE_HOME/utadash/utadash.log). */
  readonly logFile: string | null;
  /** SSH mode (market data redraws 5 times a second, keys at once; no animation) even without SSH_CONNECTION; add NO_COLOR or `--theme monochrome` for monochrome. */
  readonly ssh: boolean;
  /** Seed of the embedded exchange's synthetic market. */
  readonly seed: number | null;
  /** Record every inbound socket frame and REST reply to this file (NDJSON, secrets stripped). */
  readonly record: string | null;
  /** Play this recording back offline (REPLAY mode, read-only) instead of connecting anywhere. */
  readonly replay: string | null;
  /** Replay speed: 1 = as recorded (default), 2 = twice as fast, Infinity (`max`) = as fast as possible. */
  readonly replaySpeed: number;
  /** Append the audit log here (default: $XDG_STATE_HOME/utadash/audit.ndjson, beside the log). */
  readonly auditFile: string | null;
  /** No audit log at all. */
  readonly noAudit: boolean;
  /** Keep the trade journal in this file (default: $XDG_DATA_HOME/utadash/journal-<mode>-<account>.sqlite). */
  readonly journal: string | null;
  /** Keep no trade journal. */
  readonly noJournal: boolean;
  readonly help: boolean;
  readonly version: boolean;
}

/** A bad command line: the message says what and how to fix it. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly code = 'CLI_USAGE';
}

export const USAGE = `utadash — terminal dashboard for a Bitget Unified Trading Account (API v3)

Usage:
  utadash [options]            the dashboard (embedded exchange when no keys are configured)
  utadash sim [sim options]    run the embedded exchange alone (prints its URLs as one JSON line)
  utadash journal export|stats
                               the trade journal: export its rows (CSV, JSON), print the PnL
                               summary (see utadash journal --help)
  utadash COMMAND [args]       one answer, then exit: status, positions, orders, account,
                               loans, book, ticker, order, countdown, borrow, repay, watch,
                               completion (utadash help lists them; utadash COMMAND --help
                               for one)

Options:
  --profile NAME     use this profile of the config file
  --paper            Bitget paper trading (demo keys; header paptrading: 1)
  --demo             the embedded exchange even when keys are configured
  --symbol SYMBOL    start on SYMBOL (e.g. BTCUSDT or USDT-FUTURES:BTCUSDT)
  --theme NAME       dark, light, high-contrast or monochrome
  --max-fps N        frame rate cap (1–60; default 60); streaming data redraws
                     at most 5 times a second, keys at once
  --ssh              SSH mode, automatic when SSH_CONNECTION is set: market
                     data published 5 times a second (keys still at once), no
                     animation (with NO_COLOR or --theme monochrome: no colour)
  --log-file PATH    log file (default $XDG_STATE_HOME/utadash/utadash.log)
  --seed N           seed of the embedded market
  --record FILE      record socket frames and REST replies to FILE (NDJSON,
                     secrets stripped) for --replay
  --replay FILE      play a recording back offline (REPLAY, read-only)
  --replay-speed N   replay speed: 1 as recorded (default), 2 twice as fast,
                     max as fast as possible
  --audit-file PATH  audit log of every action sent to the exchange
                     (default $XDG_STATE_HOME/utadash/audit.ndjson)
  --no-audit         no audit log
  --journal PATH     trade journal file (default $XDG_DATA_HOME/utadash/
                     journal-<mode>-<account>.sqlite)
  --no-journal       keep no trade journal
  --help             this text
  --version          the version

Keys: BITGET_API_KEY, BITGET_API_SECRET, BITGET_API_PASSPHRASE, or a profile in
$XDG_CONFIG_HOME/utadash/config.json (must not be readable by group or others).`;

const VALUE_FLAGS = new Set(['--profile', '--symbol', '--theme', '--max-fps', '--log-file', '--seed', '--record', '--replay', '--replay-speed', '--audit-file', '--journal']);

/** Parses the dashboard's command line. Throws UsageError with a specific message. */
export function parseArgs(argv: readonly string[]): CliOptions {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i += 1) {
    const raw = argv[i] ?? '';
    const eq = raw.indexOf('=');
    const name = raw.startsWith('--') && eq > 0 ? raw.slice(0, eq) : raw;
    if (VALUE_FLAGS.has(name)) {
      const value = eq > 0 && raw.startsWith('--') ? raw.slice(eq + 1) : argv[i + 1];
      if (eq < 0) i += 1;
      if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) throw new UsageError(`${name} needs a value`);
      values.set(name, value);
    } else if (['--paper', '--demo', '--help', '-h', '--version', '-v', '--ssh', '--no-audit', '--no-journal'].includes(raw)) {
      flags.add(raw);
    } else {
      throw new UsageError(`unknown option "${raw}" (see utadash --help)`);
    }
  }
  let maxFps: number | null = null;
  const fpsText = values.get('--max-fps');
  if (fpsText !== undefined) {
    if (!/^\d+$/.test(fpsText) || Number(fpsText) < 1 || Number(fpsText) > 60) throw new UsageError(`--max-fps must be a whole number from 1 to 60 (got "${fpsText}")`);
    maxFps = Number(fpsText);
  }
  let seed: number | null = null;
  const seedText = values.get('--seed');
  if (seedText !== undefined) {
    if (!/^\d{1,9}$/.test(seedText)) throw new UsageError(`--seed must be a whole number (got "${seedText}")`);
    seed = Number(seedText);
  }
  if (flags.has('--paper') && flags.has('--demo')) throw new UsageError('--paper and --demo exclude each other: paper trades Bitget with demo keys, --demo runs the embedded exchange');
  const replay = values.get('--replay') ?? null;
  const replaySpeed = parseReplaySpeed(values.get('--replay-speed'), replay !== null);
  if (replay !== null && values.has('--record')) throw new UsageError('--record and --replay exclude each other: a replay plays a recording back, it does not make one');
  if (replay !== null && flags.has('--paper')) throw new UsageError('--replay and --paper exclude each other: a replay connects to nothing but the recording');
  if (flags.has('--no-audit') && values.has('--audit-file')) throw new UsageError('--no-audit and --audit-file exclude each other');
  if (flags.has('--no-journal') && values.has('--journal')) throw new UsageError('--no-journal and --journal exclude each other');
  return {
    profile: values.get('--profile') ?? null,
    paper: flags.has('--paper'),
    demo: flags.has('--demo'),
    symbol: values.get('--symbol') ?? null,
    theme: values.get('--theme') ?? null,
    maxFps,
    logFile: values.get('--log-file') ?? null,
    ssh: flags.has('--ssh'),
    seed,
    record: values.get('--record') ?? null,
    replay,
    replaySpeed,
    auditFile: values.get('--audit-file') ?? null,
    noAudit: flags.has('--no-audit'),
    journal: values.get('--journal') ?? null,
    noJournal: flags.has('--no-journal'),
    help: flags.has('--help') || flags.has('-h'),
    version: flags.has('--version') || flags.has('-v'),
  };
}

function parseReplaySpeed(text: string | undefined, replaying: boolean): number {
  if (text === undefined) return 1;
  if (!replaying) throw new UsageError('--replay-speed needs --replay FILE');
  if (text === 'max') return Number.POSITIVE_INFINITY;
  if (!/^\d+(\.\d+)?$/.test(text) || !(Number(text) > 0) || Number(text) > 1000) throw new UsageError(`--replay-speed must be a number above 0 and at most 1000, or max (got "${text}")`);
  return Number(text);
}
