import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { maxOpenState } from './use-ticket-parts.js';

describe('maxOpenState', () => {
  it('shows available and maxOpen as the exchange gave them', () => {
    expect(maxOpenState({ available: new Decimal('1000'), maxOpen: new Decimal('0.0103') })).toEqual({ kind: 'ok', available: '1000', maxOpen: '0.0103' });
  });

  it('shows "—" for a missing one of the two', () => {
    expect(maxOpenState({ available: null, maxOpen: new Decimal('2') })).toEqual({ kind: 'ok', available: '—', maxOpen: '2' });
    expect(maxOpenState({ available: new Decimal('52.008255'), maxOpen: null })).toEqual({ kind: 'ok', available: '52.008255', maxOpen: '—' });
  });
});
