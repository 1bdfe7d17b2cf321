/**
 * Collects the embedded exchange's log lines (pass `log` as the server's `log` option) and waits
 * for one by pattern, so a test reacts to what the server did instead of sleeping.
 */
export class LogLines {
  /** Every line logged, in order. */
  readonly lines: string[] = [];
  private readonly waiters = new Set<() => void>();

  /** The log sink to hand to the server. */
  readonly log = (line: string): void => {
    this.lines.push(line);
    for (const w of [...this.waiters]) w();
  };

  /** Resolves with the first line at index `from` or later that matches `pattern`. */
  next(pattern: RegExp, from = 0): Promise<string> {
    return new Promise((resolve) => {
      const check = (): boolean => {
        const hit = this.lines.slice(from).find((l) => pattern.test(l));
        if (hit === undefined) return false;
        this.waiters.delete(check);
        resolve(hit);
        return true;
      };
      if (!check()) this.waiters.add(check);
    });
  }
}
