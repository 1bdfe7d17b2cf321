import { describe, expect, it } from 'vitest';
import { MemoryJournal } from '../../test/helpers/memory-journal.js';
import { journalView } from './journal-view.js';

const ALL = { from: 0, to: Number.MAX_SAFE_INTEGER };

/** A memory journal whose `pnlBy` throws while `failing` is set. */
class FailingPnl extends MemoryJournal {
  failing = true;

  override pnlBy(by: 'day' | 'week' | 'symbol', range: { from: number; to: number }) {
    if (this.failing) throw new Error('database disk image is malformed');
    return super.pnlBy(by, range);
  }
}

describe('journalView', () => {
  it('keeps a failed read\'s problem while other reads work, until that read works again', () => {
    const reader = new FailingPnl();
    const view = journalView(reader, null);
    expect(view.pnlBy('day', ALL)).toEqual([]);
    // The panel's reads after the PnL: they work, and must not wipe its failure.
    expect(view.fills({ ...ALL })).toEqual([]);
    expect(view.equity(ALL, 10)).toEqual([]);
    expect(view.problem()).toBe('database disk image is malformed');
    reader.failing = false;
    view.pnlBy('day', ALL);
    expect(view.problem()).toBeNull();
  });
});
