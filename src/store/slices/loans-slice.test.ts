import { describe, expect, it } from 'vitest';
import { createAppStore } from '../create-app-store.js';

describe('loans slice: poll failures (issue 16)', () => {
  it('a failed poll keeps the loans and records when and why; the next success clears it', () => {
    const store = createAppStore();
    store.getState().setLoans([], 1000);
    store.getState().failLoansPoll('EXCH_NETWORK: socket hang up', 2000);
    expect(store.getState().loans).toEqual({ ongoing: [], updatedAt: 1000, failedAt: 2000, lastError: 'EXCH_NETWORK: socket hang up' });
    store.getState().setLoans([], 3000);
    expect(store.getState().loans).toEqual({ ongoing: [], updatedAt: 3000, failedAt: 0, lastError: null });
  });
});
