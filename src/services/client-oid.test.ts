import { describe, expect, it } from 'vitest';
import { CLIENT_OID_PATTERN, createClientOidGenerator } from './client-oid.js';

describe('createClientOidGenerator', () => {
  it('makes short ids of the allowed alphabet, unique within one millisecond', () => {
    const next = createClientOidGenerator({ now: () => 1_764_000_000_000 });
    const ids = Array.from({ length: 20_000 }, () => next());
    for (const id of ids.slice(0, 50)) {
      expect(id).toMatch(CLIENT_OID_PATTERN);
      expect(id.length).toBeLessThanOrEqual(32);
      expect(id.startsWith('ud-')).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('two generators at the same instant differ through the random tail', () => {
    const a = createClientOidGenerator({ now: () => 5, random: () => 0.1 });
    const b = createClientOidGenerator({ now: () => 5, random: () => 0.7 });
    expect(a()).not.toBe(b());
  });
});
