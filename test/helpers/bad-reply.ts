import { expect } from 'vitest';
import { ExchangeError } from '../../src/exchange/wire/errors.js';

/** Runs a reply mapper that must refuse its input: asserts an EXCH_BAD_REPLY and returns its message. */
export function badReplyMessage(map: () => unknown): string {
  try {
    map();
  } catch (e) {
    expect(e).toBeInstanceOf(ExchangeError);
    expect((e as ExchangeError).code).toBe('EXCH_BAD_REPLY');
    return (e as Error).message;
  }
  throw new Error('the mapper accepted a bad reply');
}
