import { describe, expect, it } from 'vitest';
import { orderbookSnapshotFromWire } from './market-mappers.js';

describe('orderbookSnapshotFromWire', () => {
  it('reads a/b levels as exact strings and the snapshot time', () => {
    const book = orderbookSnapshotFromWire({ a: [['100.10', '0.5'], ['100.20', '1.000']], b: [['99.90', '2']], ts: '1700000000123' });
    expect(book).toEqual({ asks: [{ price: '100.10', size: '0.5' }, { price: '100.20', size: '1.000' }], bids: [{ price: '99.90', size: '2' }], ts: 1_700_000_000_123 });
  });

  it('reads the asks/bids spelling too', () => {
    expect(orderbookSnapshotFromWire({ asks: [['1', '2']], bids: [['0.5', '3']], ts: 5 })).toEqual({ asks: [{ price: '1', size: '2' }], bids: [{ price: '0.5', size: '3' }], ts: 5 });
  });

  it('skips malformed levels and reads a missing side or time as empty / 0', () => {
    expect(orderbookSnapshotFromWire({ a: [['1', 2], 'x', ['3', '4']], ts: 'soon' })).toEqual({ asks: [{ price: '3', size: '4' }], bids: [], ts: 0 });
    expect(orderbookSnapshotFromWire(null)).toEqual({ asks: [], bids: [], ts: 0 });
  });
});
