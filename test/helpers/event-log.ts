/**
 * Records what an event emitter emits and lets a test wait for a matching event — woken by the
 * emitter itself, never by polling, a fixed sleep or a deadline of its own.
 */
import { cancelledWithTest } from './wait-for.js';

/** One recorded emission: the event name and its first argument. */
export interface LoggedEvent {
  readonly name: string;
  readonly payload: unknown;
}

/** The part of an emitter the log needs (Node's `EventEmitter` and its subclasses fit). */
export interface Listenable {
  on(eventName: string, listener: (payload: unknown) => void): unknown;
}

interface Waiter {
  readonly match: (e: LoggedEvent) => boolean;
  readonly resolve: (e: LoggedEvent) => void;
}

/** Every emission of the named events, in order, plus waits on them. */
export class EventLog {
  /** All emissions so far, oldest first. */
  readonly events: LoggedEvent[] = [];
  private readonly waiters = new Set<Waiter>();

  /** Starts recording `names` on `emitter`. */
  constructor(emitter: Listenable, names: readonly string[]) {
    for (const name of names) emitter.on(name, (payload) => this.record({ name, payload }));
  }

  /** Emissions named `name`, oldest first. */
  named(name: string): LoggedEvent[] {
    return this.events.filter((e) => e.name === name);
  }

  /**
   * Resolves with the first recorded emission (already seen or still to come) that `match` accepts.
   * No deadline of its own: if the test times out first, its error names `what` and the last few
   * emissions.
   */
  waitFor(what: string, match: (e: LoggedEvent) => boolean): Promise<LoggedEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<LoggedEvent>((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve: (e) => {
          end();
          this.waiters.delete(waiter);
          resolve(e);
        },
      };
      const end = cancelledWithTest(
        () => `${what}; last events:\n${this.tail(8)}`,
        (reason) => {
          this.waiters.delete(waiter);
          reject(reason);
        },
      );
      this.waiters.add(waiter);
    });
  }

  /** The last `n` emissions as JSON lines (each cut to 400 characters), for failure messages. */
  tail(n: number): string {
    return this.events
      .slice(-n)
      .map((e) => `${e.name} ${describe(e.payload)}`)
      .join('\n');
  }

  private record(e: LoggedEvent): void {
    this.events.push(e);
    for (const w of [...this.waiters]) if (w.match(e)) w.resolve(e);
  }
}

/** JSON of a payload cut to 400 characters; payloads that cannot be serialised (cycles) show their keys. */
function describe(payload: unknown): string {
  try {
    return (JSON.stringify(payload) ?? String(payload)).slice(0, 400);
  } catch {
    return typeof payload === 'object' && payload !== null ? `{${Object.keys(payload).join(',')}}` : String(payload);
  }
}
