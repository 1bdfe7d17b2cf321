import { describe, expect, it } from 'vitest';
import { parseMaxOpen } from './use-ticket.js';

describe('parseMaxOpen', () => {
  it('reads available and maxOpen from the reply', () => {
    expect(parseMaxOpen({ available: '1000', maxOpen: '0.0103', buyOpenCost: '' })).toEqual({ kind: 'ok', available: '1000', maxOpen: '0.0103' });
  });

  it('shows "—" for a missing one of the two', () => {
    expect(parseMaxOpen({ maxOpen: '2' })).toEqual({ kind: 'ok', available: '—', maxOpen: '2' });
  });

  it('treats any other shape as failed', () => {
    expect(parseMaxOpen(null)).toEqual({ kind: 'failed' });
    expect(parseMaxOpen('1000')).toEqual({ kind: 'failed' });
    expect(parseMaxOpen({ available: 5, maxOpen: '' })).toEqual({ kind: 'failed' });
  });
});
