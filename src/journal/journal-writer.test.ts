import { Decimal } from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFill } from './journal.testkit.js';
import type { JournalBatch } from './journal-types.js';
import { rowsIn, WriteQueue, type WriteQueueOptions } from './journal-writer.js';

/** A queue whose writes land in `written` (or throw `failWith` while it is set). */
function rig(over: Partial<WriteQueueOptions> = {}) {
  const written: JournalBatch[][] = [];
  const problems: string[] = [];
  const state: { failWith: Error | null } = { failWith: null };
  const queue = new WriteQueue({
    write: (batches) => {
      if (state.failWith !== null) throw state.failWith;
      written.push([...batches]);
      return batches.reduce((n, b) => n + rowsIn(b), 0);
    },
    onProblem: (m) => problems.push(m),
    describeFailure: (error, rows) => `failed: ${error instanceof Error ? error.message : String(error)}; ${rows} kept`,
    describeRecovery: (rows) => `recovered: ${rows}`,
    ...over,
  });
  return { queue, written, problems, state };
}

const fill = (n: number): JournalBatch => ({ fills: [makeFill({ execId: `e${n}`, time: 1_700_000_000_000 + n })] });
const execIds = (written: JournalBatch[][]): string[] => written.flat().flatMap((b) => (b.fills ?? []).map((f) => f.execId));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('WriteQueue', () => {
  it('writes nothing in record(); one write of every queued batch 250 ms after the first', () => {
    const { queue, written } = rig();
    queue.record(fill(1));
    vi.advanceTimersByTime(100);
    queue.record(fill(2));
    expect(written).toEqual([]);
    expect(queue.pending).toBe(2);
    vi.advanceTimersByTime(149);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(written).toHaveLength(1);
    expect(execIds(written)).toEqual(['e1', 'e2']);
    expect(queue.pending).toBe(0);
  });

  it('a big queue is written on the next turn of the event loop, not in record()', () => {
    const { queue, written } = rig({ bigQueueRows: 3 });
    queue.record({ fills: [makeFill({ execId: 'a' }), makeFill({ execId: 'b' })] });
    queue.record(fill(3));
    expect(written).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(execIds(written)).toEqual(['a', 'b', 'e3']);
  });

  it('flush() writes at once', () => {
    const { queue, written } = rig();
    queue.record(fill(1));
    queue.flush();
    expect(execIds(written)).toEqual(['e1']);
    vi.advanceTimersByTime(1000);
    expect(written).toHaveLength(1);
  });

  it('a failing write keeps the rows, says so once, retries with a growing delay, and says when it works again', () => {
    const { queue, written, problems, state } = rig();
    state.failWith = new Error('disk full');
    queue.record(fill(1));
    vi.advanceTimersByTime(250);
    expect(problems).toEqual(['failed: disk full; 1 kept']);
    expect(queue.failing).toBe(true);
    queue.record(fill(2));
    // Retries after 1 s, 2 s, 4 s: still failing, still one message.
    vi.advanceTimersByTime(1000 + 2000 + 4000);
    expect(problems).toHaveLength(1);
    expect(queue.pending).toBe(2);
    state.failWith = null;
    vi.advanceTimersByTime(7999);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(execIds(written)).toEqual(['e1', 'e2']);
    expect(problems).toEqual(['failed: disk full; 1 kept', 'recovered: 2']);
    expect(queue.failing).toBe(false);
    // A later failure is a new episode: said again.
    state.failWith = new Error('locked');
    queue.record(fill(3));
    vi.advanceTimersByTime(250);
    expect(problems.at(-1)).toBe('failed: locked; 1 kept');
  });

  it('tells onWritten after each write that stored rows, with their count; not after a failed one', () => {
    const told: number[] = [];
    const { queue, state } = rig({ onWritten: (rows) => told.push(rows) });
    queue.record(fill(1));
    queue.record(fill(2));
    vi.advanceTimersByTime(250);
    expect(told).toEqual([2]);
    state.failWith = new Error('disk full');
    queue.record(fill(3));
    vi.advanceTimersByTime(250);
    expect(told).toEqual([2]);
    state.failWith = null;
    vi.advanceTimersByTime(1000);
    expect(told).toEqual([2, 1]);
    queue.flush();
    expect(told).toEqual([2, 1]);
  });

  it('the retry delay stops growing at 30 s', () => {
    const { queue, written, state } = rig();
    state.failWith = new Error('x');
    queue.record(fill(1));
    vi.advanceTimersByTime(250 + 1000 + 2000 + 4000 + 8000 + 16_000 + 30_000);
    state.failWith = null;
    vi.advanceTimersByTime(29_999);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(execIds(written)).toEqual(['e1']);
  });

  it('while failing, keeps at most maxQueuedRows: the oldest batches go, reported once', () => {
    const { queue, written, problems, state } = rig({ maxQueuedRows: 3 });
    state.failWith = new Error('full');
    for (let n = 1; n <= 6; n += 1) queue.record(fill(n));
    expect(queue.pending).toBe(3);
    expect(problems.filter((p) => p.includes('dropped'))).toHaveLength(1);
    expect(problems.find((p) => p.includes('dropped'))).toContain('at most 3 rows');
    state.failWith = null;
    queue.flush();
    expect(execIds(written)).toEqual(['e4', 'e5', 'e6']);
  });

  it('record() never throws and leaves out rows it cannot store, saying so once', () => {
    const { queue, written, problems } = rig();
    const bad = makeFill({ execId: 'bad', fee: new Decimal(Number.NaN) });
    expect(() => queue.record({ fills: [bad, makeFill({ execId: 'ok' })], equity: [{ time: Number.NaN, equity: new Decimal(1), marginRatio: null, worstLoanRatio: null }] })).not.toThrow();
    expect(() => queue.record({ fills: [makeFill({ execId: 'bad2', time: 1.5 })] })).not.toThrow();
    expect(() => queue.record(null as unknown as JournalBatch)).not.toThrow();
    queue.flush();
    expect(execIds(written)).toEqual(['ok']);
    expect(problems.filter((p) => p.includes('not a number'))).toHaveLength(1);
    expect(problems.some((p) => p.includes('could not be queued'))).toBe(true);
  });

  it('after stop() it records nothing and reports what is left', () => {
    const { queue, written, state } = rig();
    state.failWith = new Error('x');
    queue.record(fill(1));
    queue.flush();
    expect(queue.stop()).toBe(1);
    queue.record(fill(2));
    vi.advanceTimersByTime(60_000);
    expect(written).toEqual([]);
    expect(rowsIn(fill(1))).toBe(1);
  });
});
