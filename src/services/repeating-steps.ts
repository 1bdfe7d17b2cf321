import type { LogLevelUi } from '../store/slices/ui-slice.js';

/** How a step's failure and recovery are said. */
export interface RepeatingStepsOptions {
  readonly log: (level: LogLevelUi, text: string) => void;
  /** First word of every line, e.g. `resync` → `resync positions: …`. */
  readonly prefix: string;
  /** Level of a failure line; default 'warn'. */
  readonly level?: LogLevelUi;
  /** Said after a failure's text, e.g. ` (read again on the next pass)`; default nothing. */
  readonly suffix?: string;
}

/**
 * The steps of work that repeats by itself (a resync, a poll, a backfill pass): a step that fails
 * is logged once, and again only when its error text changes; once it works again that is said
 * once. So a lasting failure does not fill the log every period, and its end is not missed.
 */
export class RepeatingSteps {
  /** Last error text per failing step. */
  private readonly failing = new Map<string, string>();

  constructor(private readonly options: RepeatingStepsOptions) {}

  /** Runs step `what`; true when it worked. Never rejects. */
  async run(what: string, step: () => Promise<void>): Promise<boolean> {
    return (await this.value(what, async () => (await step(), true))) ?? false;
  }

  /** Runs step `what` and resolves with its value, or null when it failed. Never rejects. */
  async value<T>(what: string, step: () => Promise<T>): Promise<T | null> {
    const { log, prefix } = this.options;
    try {
      const value = await step();
      if (this.failing.delete(what)) log('info', `${prefix} ${what}: working again`);
      return value;
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (this.failing.get(what) !== text) log(this.options.level ?? 'warn', `${prefix} ${what}: ${text}${this.options.suffix ?? ''}`);
      this.failing.set(what, text);
      return null;
    }
  }

  /** The error text of step `what` while it fails; undefined once it works (or never ran). */
  failure(what: string): string | undefined {
    return this.failing.get(what);
  }
}
