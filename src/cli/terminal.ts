/**
 * Terminal restoration. Ink restores the alternate screen, cursor and raw mode when it unmounts;
 * these guards make sure that happens on every way out (quit, SIGINT, SIGTERM, SIGHUP, uncaught
 * errors) and, should unmounting itself fail, write the reset sequences directly.
 */

/** Leave the alternate screen, show the cursor, reset attributes. */
export const TERMINAL_RESET = '\x1b[?1049l\x1b[?25h\x1b[0m';

/** What the guards call to shut down; resolves when the app is gone. */
export type ShutdownFn = (reason: string, exitCode: number) => Promise<void>;

/** Exit codes: 0 quit, 1 crash, 128+n for signals (the shell convention). */
export const EXIT_CODES = { quit: 0, crash: 1, SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

/** Best effort: put stdin back to cooked mode and reset the screen, without throwing. */
export function hardRestore(stdout: NodeJS.WriteStream = process.stdout, stdin: NodeJS.ReadStream = process.stdin): void {
  try {
    if (stdin.isTTY && stdin.isRaw) stdin.setRawMode(false);
  } catch {
    // The terminal may already be gone (SSH drop).
  }
  try {
    if (stdout.isTTY) stdout.write(TERMINAL_RESET);
  } catch {
    // Same.
  }
}

/**
 * Installs signal and crash handlers that run `shutdown` once. A second signal while shutting down
 * restores the terminal at once and exits (the user insisted).
 */
export function installTerminalGuards(shutdown: ShutdownFn, describeError: (error: unknown) => string): () => void {
  let stopping = false;
  const handlers = { SIGINT: () => run('SIGINT', EXIT_CODES.SIGINT), SIGTERM: () => run('SIGTERM', EXIT_CODES.SIGTERM), SIGHUP: () => run('SIGHUP', EXIT_CODES.SIGHUP) };
  const finish = (reason: string, code: number): never => {
    hardRestore();
    if (reason === 'SIGHUP') {
      // The terminal may be gone (SSH drop). Node's normal exit puts back the tty settings it saw at
      // start and aborts the process (core dump, status 134/139) when that fails with EIO, so end by
      // the hang-up signal itself instead: status 129 to the shell, no exit-time tty reset. Every
      // listener goes (Ink's exit hook too), so the signal's default action applies.
      process.removeAllListeners('SIGHUP');
      process.kill(process.pid, 'SIGHUP');
    }
    return process.exit(code);
  };
  const run = (reason: string, code: number) => {
    if (stopping) finish(reason, code);
    stopping = true;
    const timer = setTimeout(() => finish(reason, code), 3000);
    timer.unref();
    void shutdown(reason, code).finally(() => finish(reason, code));
  };
  const onCrash = (error: unknown) => {
    // The terminal went away (SSH drop, closed window): a hang-up, not a crash.
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'EIO' || code === 'EPIPE') return run('SIGHUP', EXIT_CODES.SIGHUP);
    hardRestore();
    process.stderr.write(`utadash crashed: ${describeError(error)}\n`);
    run('crash', EXIT_CODES.crash);
  };
  for (const [sig, fn] of Object.entries(handlers)) process.on(sig, fn);
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  return () => {
    for (const [sig, fn] of Object.entries(handlers)) process.off(sig, fn);
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  };
}
