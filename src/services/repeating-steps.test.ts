import { describe, expect, it } from 'vitest';
import { RepeatingSteps } from './repeating-steps.js';

describe('RepeatingSteps', () => {
  it('logs a failure once until its text changes, and once when the step works again', async () => {
    const lines: string[] = [];
    const steps = new RepeatingSteps({ log: (level, text) => lines.push(`${level} ${text}`), prefix: 'resync', level: 'error', suffix: ' (again later)' });
    const fail = (text: string) => () => Promise.reject(new Error(text));
    expect(await steps.run('positions', fail('HTTP 503'))).toBe(false);
    expect(await steps.run('positions', fail('HTTP 503'))).toBe(false);
    expect(steps.failure('positions')).toBe('HTTP 503');
    expect(await steps.run('positions', fail('rate limited'))).toBe(false);
    expect(await steps.run('assets', () => Promise.resolve())).toBe(true);
    expect(await steps.run('positions', () => Promise.resolve())).toBe(true);
    expect(await steps.run('positions', () => Promise.resolve())).toBe(true);
    expect(steps.failure('positions')).toBeUndefined();
    expect(lines).toEqual(['error resync positions: HTTP 503 (again later)', 'error resync positions: rate limited (again later)', 'info resync positions: working again']);
  });

  it('value resolves with what the step returns, or null when it failed; a thrown non-Error is its text', async () => {
    const lines: string[] = [];
    const steps = new RepeatingSteps({ log: (level, text) => lines.push(`${level} ${text}`), prefix: 'poll' });
    expect(await steps.value('debts', () => Promise.resolve(42))).toBe(42);
    expect(await steps.value('debts', () => Promise.reject('socket closed'))).toBeNull();
    expect(lines).toEqual(['warn poll debts: socket closed']);
  });
});
