import { cancelledWithTest } from '../wait-for.js';
import WebSocket from 'ws';

/**
 * A test websocket client that records every text frame and waits for frames by predicate
 * (no fixed sleeps).
 */
export class TestSocket {
  /** Every frame received, as text, in order. */
  readonly frames: string[] = [];
  /** Close code once closed, else null. */
  closeCode: number | null = null;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      this.frames.push(d.toString());
      this.wake();
    });
    ws.on('close', (code) => {
      this.closeCode = code;
      this.wake();
    });
    ws.on('error', () => undefined);
  }

  /** Connects and resolves when open. */
  static open(url: string): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const t = new TestSocket(ws);
      ws.once('open', () => resolve(t));
      ws.once('error', reject);
    });
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }

  /** Sends text, or JSON for a non-string. */
  send(value: unknown): void {
    this.ws.send(typeof value === 'string' ? value : JSON.stringify(value));
  }

  /** Parsed JSON frames (non-JSON skipped). */
  json(): Record<string, unknown>[] {
    const out: Record<string, unknown>[] = [];
    for (const f of this.frames) {
      try {
        out.push(JSON.parse(f) as Record<string, unknown>);
      } catch {
        // pong and garbage frames are not JSON
      }
    }
    return out;
  }

  /**
   * Resolves once `check` returns a value (not undefined), re-checked on every frame. No deadline of
   * its own: if the running test times out first, its error names `what` and the last frames.
   */
  until<T>(check: () => T | undefined, what = 'condition'): Promise<T> {
    return new Promise((resolve, reject) => {
      const tryNow = (): boolean => {
        const v = check();
        if (v === undefined) return false;
        cleanup();
        resolve(v);
        return true;
      };
      const end = cancelledWithTest(
        () => `${what}; frames: ${this.frames.slice(-5).join(' | ').slice(0, 800)}`,
        (reason) => {
          this.waiters.delete(waiter);
          reject(reason);
        },
      );
      const cleanup = (): void => {
        end();
        this.waiters.delete(waiter);
      };
      const waiter = (): void => void tryNow();
      this.waiters.add(waiter);
      tryNow();
    });
  }

  /** Waits for a JSON frame matching `pred`, starting after index `from` of `frames`. */
  next(pred: (m: Record<string, unknown>) => boolean, from = 0): Promise<Record<string, unknown>> {
    return this.until(() => {
      for (const f of this.frames.slice(from)) {
        let m: unknown;
        try {
          m = JSON.parse(f);
        } catch {
          continue;
        }
        if (typeof m !== 'object' || m === null) continue;
        let hit = false;
        try {
          hit = pred(m as Record<string, unknown>);
        } catch {
          // a predicate reading a field this frame lacks is a non-match
        }
        if (hit) return m as Record<string, unknown>;
      }
      return undefined;
    }, 'a matching frame');
  }

  /** Waits for the socket to close; resolves with the close code. */
  closed(): Promise<number> {
    return this.until(() => this.closeCode ?? undefined, 'close');
  }

  /** Closes the socket. */
  close(): void {
    this.ws.terminate();
  }
}
