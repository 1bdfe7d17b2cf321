import { closeSync, fchmodSync, mkdirSync, openSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * `mkdir -p` that always ends: creates `dir` and its missing parents with `mode`, or throws the
 * file system's error (ENOTDIR when a file is in the way). Node 20's `mkdirSync(…, { recursive:
 * true })` loops forever where mkdir answers ENOENT under a parent that exists (inside /proc):
 * the dashboard sat on a blank screen at 100% CPU. This walks up and retries each level once.
 */
export function makeDirs(dir: string, mode = 0o700): void {
  try {
    mkdirSync(dir, { mode });
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      if (statSync(dir).isDirectory()) return;
      throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${dir}'`), { code: 'ENOTDIR', syscall: 'mkdir', path: dir });
    }
    const parent = dirname(dir);
    if (code !== 'ENOENT' || parent === dir) throw error;
    makeDirs(parent, mode);
  }
  mkdirSync(dir, { mode });
}

/** Options of `PrivateNdjsonFile`. */
export interface PrivateNdjsonFileOptions {
  readonly path: string;
  /** `a` appends (the audit log), `w` starts the file afresh (a recording). */
  readonly flags: 'a' | 'w';
  /** Create missing parent directories (mode 0700); default false. */
  readonly makeDir?: boolean;
  /** Final pass over every line, e.g. the CLI's `Redactor.text`; default none. */
  readonly redact?: (text: string) => string;
  /** Told once, on the first failed write, with the error's message; default none. */
  readonly onWriteError?: (reason: string) => void;
  /** After a failed write: `stop` closes the file, `continue` keeps trying (and stays quiet). */
  readonly afterFailure: 'stop' | 'continue';
}

/**
 * One file of account data written as NDJSON: mode 0600 even when it already existed (open keeps an
 * old file's mode, so it is narrowed), every line through `redact`, a failed write reported once and
 * never thrown (the session carries on). The one place the audit log and recordings touch the disk.
 */
export class PrivateNdjsonFile {
  private fd: number | null;
  private failed = false;

  /** Opens the file; throws the file system's error when it cannot. */
  constructor(private readonly options: PrivateNdjsonFileOptions) {
    if (options.makeDir) makeDirs(dirname(options.path));
    this.fd = openSync(options.path, options.flags, 0o600);
    try {
      fchmodSync(this.fd, 0o600);
    } catch (error) {
      this.close();
      throw error;
    }
  }

  /** Writes `value` as one line; does nothing once closed. */
  write(value: unknown): void {
    if (this.fd === null) return;
    const text = JSON.stringify(value);
    try {
      writeSync(this.fd, `${this.options.redact ? this.options.redact(text) : text}\n`);
    } catch (error) {
      if (!this.failed) this.options.onWriteError?.((error as Error).message);
      this.failed = true;
      if (this.options.afterFailure === 'stop') this.close();
    }
  }

  /** Closes the file; later writes are dropped. Idempotent. */
  close(): void {
    if (this.fd === null) return;
    try {
      closeSync(this.fd);
    } catch {
      // Closing is best effort.
    }
    this.fd = null;
  }
}
