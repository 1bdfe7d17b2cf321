import { useApp, type TerminalSuspension } from 'ink';
import { useEffect, type ReactNode } from 'react';

/**
 * Ctrl-Z (job control). In raw mode the terminal sends Ctrl-Z as the byte 0x1a instead of raising
 * SIGTSTP, so it used to do nothing. The byte is taken out of stdin before Ink reads it; then the
 * terminal is restored as on quit (Ink's `suspendTerminal`: leave the alternate screen, show the
 * cursor, raw mode off), the job is stopped, and when it continues (`fg`) Ink takes the terminal
 * back and draws the whole frame again. A SIGTSTP from outside (`kill -TSTP`) does the same.
 */

/** The byte a raw-mode terminal sends for Ctrl-Z (SUB). */
export const CTRL_Z = '\x1a';
const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

/** What `takeSuspendKeys` found in one chunk of input. */
export interface SuspendKeyScan {
  /** The chunk without its Ctrl-Z bytes (pasted text keeps them). */
  readonly text: string;
  /** Ctrl-Z bytes typed (outside a bracketed paste). */
  readonly count: number;
  /** Whether the chunk ended inside a bracketed paste. */
  readonly inPaste: boolean;
}

/** Removes typed Ctrl-Z bytes from `text`; `inPaste` carries bracketed-paste state across chunks. */
export function takeSuspendKeys(text: string, inPaste: boolean): SuspendKeyScan {
  if (!text.includes(CTRL_Z) && !text.includes('\x1b[20')) return { text, count: 0, inPaste };
  let out = '';
  let count = 0;
  let pasting = inPaste;
  for (let i = 0; i < text.length; ) {
    const marker = pasting ? PASTE_END : PASTE_START;
    if (text.startsWith(marker, i)) {
      pasting = !pasting;
      out += marker;
      i += marker.length;
      continue;
    }
    const ch = text[i] ?? '';
    if (ch === CTRL_Z && !pasting) count += 1;
    else out += ch;
    i += 1;
  }
  return { text: out, count, inPaste: pasting };
}

/** Options of `installSuspend`. */
export interface SuspendOptions {
  /** The terminal's input; its `read` is wrapped so Ink never sees a typed Ctrl-Z. */
  readonly stdin: NodeJS.ReadStream;
  /** The terminal; gets an attribute reset and cursor show after Ink let go. */
  readonly stdout: NodeJS.WriteStream;
  /** Runs after the process continues, before Ink redraws (forget the screen copy); default none. */
  readonly beforeRedraw?: () => void;
  /** Told when a suspension fails (the dashboard carries on); default none. */
  readonly onError?: (message: string) => void;
  /** Sends a signal; default `process.kill` (tests record instead). */
  readonly kill?: (pid: number, signal: NodeJS.Signals) => void;
}

/** What `installSuspend` returns. */
export interface SuspendControl {
  /** Ink's `suspendTerminal`, from `SuspendBridge` once mounted; a Ctrl-Z before it waits for it. */
  setRelease(release: () => Promise<TerminalSuspension>): void;
  /** Restores the terminal, stops the job, and takes the terminal back once continued. */
  suspend(): Promise<void>;
  /** Puts stdin's `read` back and drops the SIGTSTP handler. */
  uninstall(): void;
}

/**
 * Installs Ctrl-Z handling (a no-op on Windows, which has no job control). The stop sends SIGTSTP
 * to the whole process group first, as a terminal's Ctrl-Z does, so a wrapper such as `npm start`
 * stops too and the shell gets the terminal back; then SIGSTOP to this process, which also works
 * where the group's SIGTSTP is discarded (a group without a parent in the session).
 */
export function installSuspend(options: SuspendOptions): SuspendControl {
  const kill = options.kill ?? ((pid: number, signal: NodeJS.Signals) => process.kill(pid, signal));
  const { stdin, stdout } = options;
  let release: (() => Promise<TerminalSuspension>) | null = null;
  let wanted = false;
  let busy = false;
  // SIGTSTPs this process sent its own group; each comes back to the handler and is not a request.
  let ownSignals = 0;

  const stopJob = (): void => {
    ownSignals += 1;
    try {
      kill(0, 'SIGTSTP');
    } catch {
      ownSignals -= 1;
    }
    kill(process.pid, 'SIGSTOP');
  };

  const suspend = async (): Promise<void> => {
    if (busy) return;
    if (release === null) {
      wanted = true;
      return;
    }
    busy = true;
    try {
      const held = await release();
      try {
        stdout.write('\x1b[0m\x1b[?25h');
        if (stdin.isTTY && stdin.isRaw) stdin.setRawMode(false);
        stopJob();
      } finally {
        // Continued (`fg`): Ink takes the terminal back and draws everything.
        options.beforeRedraw?.();
        await held.resume();
      }
    } catch (error) {
      options.onError?.(`suspend: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      busy = false;
    }
  };

  if (process.platform === 'win32') return { setRelease: () => undefined, suspend: async () => undefined, uninstall: () => undefined };

  const original = stdin.read;
  let inPaste = false;
  const read = (size?: number): string | Buffer | null => {
    for (;;) {
      const chunk = (original as (n?: number) => string | Buffer | null).call(stdin, size);
      if (chunk === null || chunk === undefined) return chunk;
      const text = typeof chunk === 'string' ? chunk : chunk.toString('latin1');
      const scan = takeSuspendKeys(text, inPaste);
      inPaste = scan.inPaste;
      if (scan.count > 0) setImmediate(() => void suspend());
      if (scan.count === 0) return chunk;
      if (scan.text !== '') return typeof chunk === 'string' ? scan.text : Buffer.from(scan.text, 'latin1');
    }
  };
  stdin.read = read as typeof stdin.read;
  const onSignal = (): void => {
    if (ownSignals > 0) {
      ownSignals -= 1;
      return;
    }
    void suspend();
  };
  process.on('SIGTSTP', onSignal);

  return {
    setRelease: (fn) => {
      release = fn;
      if (wanted) {
        wanted = false;
        void suspend();
      }
    },
    suspend,
    uninstall: () => {
      stdin.read = original;
      process.off('SIGTSTP', onSignal);
    },
  };
}

/** Props of `SuspendBridge`. */
export interface SuspendBridgeProps {
  /** Receives Ink's `suspendTerminal` once mounted. */
  readonly control: Pick<SuspendControl, 'setRelease'>;
  readonly children?: ReactNode;
}

/** Renders its children and hands Ink's `suspendTerminal` (only reachable inside the tree) to `control`. */
export function SuspendBridge({ control, children }: SuspendBridgeProps): ReactNode {
  const { suspendTerminal } = useApp();
  useEffect(() => control.setRelease(() => suspendTerminal()), [control, suspendTerminal]);
  return children;
}
