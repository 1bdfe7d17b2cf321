import type { ExitStatus } from './exit-codes.js';
import type { ParsedArgs } from './flags.js';
import type { CommandTarget } from './target.js';

/** The streams a command talks through (the process's; tests may pass others). */
export interface CommandIo {
  /** Results: the table, the JSON, the CSV, the status line, the alert lines. */
  readonly stdout: NodeJS.WritableStream;
  /** Summaries of writes, prompts, progress and the one-line errors. */
  readonly stderr: NodeJS.WritableStream;
  /** Answers to the y/N prompt. */
  readonly stdin: NodeJS.ReadableStream;
  /** True when stdin is a terminal: a write may ask y/N. */
  readonly stdinIsTTY: boolean;
  /** True when stdout is a terminal: `watch` rings the bell and sends notification escapes. */
  readonly stdoutIsTTY: boolean;
}

/** What a command runs with. */
export interface CommandContext {
  readonly args: ParsedArgs;
  readonly env: NodeJS.ProcessEnv;
  readonly io: CommandIo;
  readonly target: CommandTarget;
}

/** How a command ended: what goes to stdout, and the exit status. */
export interface CommandResult {
  readonly stdout: string;
  readonly code: ExitStatus;
}
