import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { createFrameGate, type GateTimer } from './frame-gate.js';

/** A timer driven by hand: `advance` runs what is due. */
function manualTimer() {
  let t = 0;
  let next = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  const every = new Map<number, { at: number; ms: number; fn: () => void }>();
  const timer: GateTimer = {
    setTimeout: (fn, ms) => {
      const id = next++;
      due.set(id, { at: t + ms, fn });
      return id;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
    setInterval: (fn, ms) => {
      const id = next++;
      every.set(id, { at: t + ms, ms, fn });
      return id;
    },
  };
  /** Moves time on `ms`, a millisecond at a time, running what falls due in order. */
  const advance = (ms: number): void => {
    for (let k = 0; k < ms; k += 1) {
      t += 1;
      for (const [id, d] of [...due]) {
        if (d.at > t) continue;
        due.delete(id);
        d.fn();
      }
      for (const e of every.values()) {
        if (e.at > t) continue;
        e.at += e.ms;
        e.fn();
      }
    }
  };
  return { timer, now: () => t, advance, pending: () => due.size };
}

function setup(intervalMs = 150) {
  const store = createStore<{ n: number }>()(() => ({ n: 0 }));
  const clock = manualTimer();
  // The wall clock is the same hand-driven time, 1 000 000 ms on.
  const gate = createFrameGate(store, { intervalMs, now: clock.now, timer: clock.timer, wall: () => 1_000_000 + clock.now(), clockEveryMs: 1000 });
  const seen: number[] = [];
  gate.store.subscribe((s) => seen.push(s.n));
  const set = (n: number) => store.setState({ n });
  return { store, gate, clock, seen, set };
}

describe('the frame gate', () => {
  it('passes the first change of a quiet interval at once, and the changes after it together at the interval end', () => {
    const { gate, clock, seen, set } = setup();
    set(1);
    expect(seen).toEqual([1]);
    clock.advance(40);
    set(2);
    clock.advance(40);
    set(3);
    // Read at once, shown at the pace: the store view always reads the newest state.
    expect(gate.store.getState().n).toBe(3);
    expect(seen).toEqual([1]);
    clock.advance(69);
    expect(seen).toEqual([1]);
    clock.advance(1);
    expect(seen).toEqual([1, 3]);
    expect(gate.flushes()).toBe(2);
    // Quiet for longer than the interval: the next change goes out at once again.
    clock.advance(500);
    set(4);
    expect(seen).toEqual([1, 3, 4]);
  });

  it('a change made while a key is handled goes out when the handling ends, not at the pace', () => {
    const { gate, clock, seen, set } = setup();
    set(1);
    clock.advance(10);
    set(2);
    expect(clock.pending()).toBe(1);
    const result = gate.input(() => {
      set(3);
      set(4);
      // Inside the handling nothing goes out yet: one batch at its end.
      expect(seen).toEqual([1]);
      return 'handled';
    });
    expect(result).toBe('handled');
    expect(seen).toEqual([1, 4]);
    // The waiting batch went out with it; nothing is left to fire.
    expect(clock.pending()).toBe(0);
    // A key that changes nothing passes nothing on.
    gate.input(() => undefined);
    expect(seen).toEqual([1, 4]);
  });

  it('a key handled while a handler throws still flushes what changed, and the error reaches the caller', () => {
    const { gate, seen, set } = setup();
    expect(() =>
      gate.input(() => {
        set(7);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(seen).toEqual([7]);
  });


  it('the screen clock ticks in a batch that streams anyway, and on its own only when nothing streams', () => {
    const { gate, clock, seen, set } = setup();
    expect(gate.clock()).toBe(1_000_000);
    // Streaming every 100 ms (t = 100 … 900): batches at 100, 250, 400, 550, 700, 850 and 1000;
    // the clock moves at the first batch 750 ms or more on (850), not in a batch of its own.
    for (let n = 1; n <= 9; n += 1) {
      clock.advance(100);
      set(n);
    }
    expect(gate.flushes()).toBe(6);
    expect(gate.clock()).toBe(1_000_850);
    clock.advance(100);
    expect(gate.flushes()).toBe(7);
    expect(gate.clock()).toBe(1_000_850);
    // Nothing streams: the clock ticks on its own, one batch a second (t = 2000, 3000).
    clock.advance(2000);
    expect(gate.flushes()).toBe(9);
    expect(gate.clock()).toBe(1_003_000);
    expect(seen.at(-1)).toBe(9);
  });

  it('paces another source the same way, in the same batches as the store', () => {
    const { gate, clock, seen, set } = setup();
    const sourceListeners = new Set<() => void>();
    const subscribe = (l: () => void) => {
      sourceListeners.add(l);
      return () => sourceListeners.delete(l);
    };
    const fire = () => sourceListeners.forEach((l) => l());
    let heard = 0;
    const off = gate.pace(subscribe)(() => (heard += 1));
    fire();
    expect(heard).toBe(1);
    clock.advance(50);
    fire();
    fire();
    set(5);
    expect([heard, seen]).toEqual([1, []]);
    clock.advance(100);
    // One batch: the store's change and the source's (heard once for its two changes).
    expect([heard, seen]).toEqual([2, [5]]);
    off();
    fire();
    clock.advance(500);
    expect(heard).toBe(2);
    expect(sourceListeners.size).toBe(0);
  });

  it('an unsubscribed listener hears nothing more', () => {
    const { gate, clock, set } = setup();
    const heard: number[] = [];
    const off = gate.store.subscribe((s) => heard.push(s.n));
    set(1);
    off();
    clock.advance(200);
    set(2);
    expect(heard).toEqual([1]);
  });
});
