import { appendFileSync, closeSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeDirs } from '../services/private-ndjson-file.js';

/** Log levels, lowest first. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** The logger every layer gets injected. Context values are redacted before they are written. */
export interface Logger {
  debug(message: string, context?: Record<string, unknown>): void;
  info(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
  error(message: string, context?: Record<string, unknown>): void;
}

const SECRET_KEYS = /^(access-sign|access-key|access-passphrase|apikey|api_key|secret|secretkey|passphrase|sign|signature|password)$/i;

/**
 * Removes every registered secret (API key, secret, passphrase) from a text, and the values of
 * secret-looking keys from JSON-ish text.
 */
export class Redactor {
  private readonly secrets: string[] = [];
  /** Registers strings that must never be written (shorter than 4 characters are ignored). */
  add(...values: readonly (string | null | undefined)[]): void {
    for (const v of values) if (v && v.length >= 4 && !this.secrets.includes(v)) this.secrets.push(v);
    this.secrets.sort((a, b) => b.length - a.length);
  }
  /** The text with every secret replaced by `[redacted]`. */
  text(input: string): string {
    let out = input;
    for (const s of this.secrets) out = out.split(s).join('[redacted]');
    return out;
  }
  /** A deep copy of `value` with secret keys and registered secrets redacted. */
  value(value: unknown, depth = 0): unknown {
    if (depth > 6) return '[deep]';
    if (typeof value === 'string') return this.text(value);
    if (value instanceof Error) return { name: value.name, message: this.text(value.message), stack: value.stack ? this.text(value.stack) : undefined };
    if (Array.isArray(value)) return value.map((v) => this.value(v, depth + 1));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = SECRET_KEYS.test(k) ? '[redacted]' : this.value(v, depth + 1);
      return out;
    }
    return value;
  }
}

/** Appends one JSON line per entry to a file; never throws (a full disk must not crash the screen). */
export function createFileLogger(path: string, redactor: Redactor, minLevel: LogLevel = 'info'): Logger {
  const order: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };
  let ready = false;
  const write = (level: LogLevel, message: string, context?: Record<string, unknown>): void => {
    if (order[level] < order[minLevel]) return;
    try {
      if (!ready) {
        makeDirs(dirname(path));
        ready = true;
      }
      const line = JSON.stringify({ t: new Date().toISOString(), level, msg: redactor.text(message), ...(context ? { ctx: redactor.value(context) } : {}) });
      appendFileSync(path, `${line}\n`, { mode: 0o600 });
    } catch {
      // Logging must never take the dashboard down.
    }
  };
  return {
    debug: (m, c) => write('debug', m, c),
    info: (m, c) => write('info', m, c),
    warn: (m, c) => write('warn', m, c),
    error: (m, c) => write('error', m, c),
  };
}

/** The log file cannot be written; the message names the path, the system's reason and the way out. */
export class LogFileError extends Error {
  /** Stable code. */
  readonly code = 'LOG_FILE_OPEN';
  override readonly name = 'LogFileError';
}

/**
 * Creates the log's directory (mode 0700) and opens the file for appending (mode 0600) once, so a
 * path that cannot be written is refused at start rather than dropping every line unseen. Throws
 * `LogFileError`.
 */
export function checkLogFile(path: string): void {
  try {
    makeDirs(dirname(path));
    closeSync(openSync(path, 'a', 0o600));
  } catch (error) {
    throw new LogFileError(`cannot write the log file ${path}: ${(error as Error).message}; pick another path with --log-file PATH`);
  }
}
