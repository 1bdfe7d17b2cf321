import { ExchangeError } from '../../exchange/wire/errors.js';

/**
 * Exit statuses of the scriptable commands (README "From the shell", `utadash <command> --help`).
 * A script branches on them; the one-line message on stderr says the rest.
 */
export const ExitCode = {
  /** Done: the read answered, the write was accepted (or reconciled as placed). */
  OK: 0,
  /** The exchange refused, or the cockpit's rules refused or the user declined before sending. */
  REFUSED: 1,
  /** Bad usage or config: nothing was sent (also a write with no terminal and no `--yes`). */
  USAGE: 2,
  /** A write whose result is still unknown after reconciliation: check before repeating it. */
  UNKNOWN: 3,
  /** Network: the exchange could not be reached, or did not answer in time. */
  NETWORK: 4,
  /** `watch --once` only: at least one alert rule fired. */
  ALERT: 5,
} as const;

/** One of `ExitCode`'s values. */
export type ExitStatus = (typeof ExitCode)[keyof typeof ExitCode];

/** The exit statuses as `--help` and the README list them. */
export const EXIT_CODES_TEXT = `Exit status:
  0  ok
  1  the exchange refused, or the cockpit's rules refused or you declined
     before anything was sent
  2  bad usage or config; nothing sent (also: a write with no terminal and no --yes)
  3  result unknown after reconciliation: check before repeating
  4  network: the exchange could not be reached or did not answer
  5  watch --once: at least one alert fired`;

/** A command's failure with the status to exit with; the message is the one line for stderr. */
export class CommandError extends Error {
  override readonly name = 'CommandError';
  /** Stable code. */
  readonly code = 'CLI_COMMAND';

  constructor(
    message: string,
    /** The status to exit with. */
    readonly exitCode: ExitStatus,
  ) {
    super(message);
  }
}

/**
 * The exit status of an exchange-layer failure: refusals (business code, auth, rate limit, a rule
 * broken before sending) are 1, an unknown write result 3, transport failures and unreadable
 * replies 4. Anything that is not an `ExchangeError` is null (the caller decides).
 */
export function exitCodeOfExchangeError(error: unknown): ExitStatus | null {
  if (!(error instanceof ExchangeError)) return null;
  switch (error.code) {
    case 'EXCH_REJECTED':
    case 'EXCH_AUTH':
    case 'EXCH_RATE_LIMITED':
    case 'EXCH_VALIDATION':
      return ExitCode.REFUSED;
    case 'EXCH_UNKNOWN_RESULT':
      return ExitCode.UNKNOWN;
    case 'EXCH_NETWORK':
    case 'EXCH_TIMEOUT':
    case 'EXCH_BAD_REPLY':
    case 'EXCH_SEQUENCE_GAP':
      return ExitCode.NETWORK;
  }
}
