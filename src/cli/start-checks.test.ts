import { describe, expect, it } from 'vitest';
import { DEFAULT_BINDINGS } from '../ui/keys/bindings.js';
import { checkCredentials, checkInteractive, credentialSourceOf, editDistance, headerValueProblem, keyBindingsFrom, nearestNames, StartCheckError, unknownSymbolMessage, type CredentialSource } from './start-checks.js';

const ENV_ORIGIN = { apiKey: 'BITGET_API_KEY', secret: 'BITGET_API_SECRET', passphrase: 'BITGET_API_PASSPHRASE' };
const good: CredentialSource = { apiKey: 'bg_0123456789abcdef', secret: 'f00dfeed', passphrase: 'Pass phrase9', origin: ENV_ORIGIN };

describe('checkInteractive', () => {
  it('passes two terminals and names the stream that is not one', () => {
    expect(() => checkInteractive({ stdin: { isTTY: true }, stdout: { isTTY: true } })).not.toThrow();
    expect(() => checkInteractive({ stdin: {}, stdout: { isTTY: true } })).toThrow('utadash needs an interactive terminal (stdin is not a TTY)');
    expect(() => checkInteractive({ stdin: { isTTY: true }, stdout: { isTTY: false } })).toThrow('(stdout is not a TTY)');
  });
});

describe('headerValueProblem', () => {
  it.each([
    ['bg_abc', null],
    ['inner space ok', null],
    ['key\r', 'a carriage return at position 4 of 4'],
    ['ke\ny', 'a line feed at position 3 of 4'],
    [' key', 'a space at position 1 of 4'],
    ['key ', 'a space at position 4 of 4'],
    ['k\tey', 'a tab at position 2 of 4'],
    ['k\u0000y', 'a control character (U+0000) at position 2 of 3'],
    ['k\u00a0y', 'a non-ASCII character (U+00A0) at position 2 of 3'],
    ['k\u{1f600}y', 'a non-ASCII character (U+1F600) at position 2 of 3'],
  ])('%j → %j', (value, problem) => {
    expect(headerValueProblem(value)).toBe(problem);
  });
});

describe('checkCredentials', () => {
  it('accepts printable keys and any secret', () => {
    expect(() => checkCredentials(good)).not.toThrow();
    expect(() => checkCredentials({ ...good, secret: 's\u00e9cret\n' })).not.toThrow();
  });
  it('refuses a key or passphrase a header cannot carry, naming the position and origin but never the value', () => {
    const key = 'bg_secretvalue\r';
    let message = '';
    try {
      checkCredentials({ ...good, apiKey: key });
    } catch (error) {
      expect(error).toBeInstanceOf(StartCheckError);
      message = (error as Error).message;
    }
    expect(message).toBe('the API key contains a character a request header cannot carry (a carriage return at position 15 of 15, in BITGET_API_KEY); copy it again without it');
    expect(message).not.toContain('secretvalue');
    expect(() => checkCredentials({ ...good, passphrase: 'pass\u200bword' })).toThrow('the API passphrase contains a character a request header cannot carry (a non-ASCII character (U+200B) at position 5 of 9, in BITGET_API_PASSPHRASE)');
  });
  it('refuses a blank key, secret or passphrase', () => {
    expect(() => checkCredentials({ ...good, apiKey: '   ' })).toThrow('the API key (BITGET_API_KEY) is blank');
    expect(() => checkCredentials({ ...good, secret: ' \t' })).toThrow('the API secret (BITGET_API_SECRET) is blank');
    expect(() => checkCredentials({ ...good, passphrase: '\n' })).toThrow('the API passphrase (BITGET_API_PASSPHRASE) is blank');
  });
  it('names a profile as the origin of its keys', () => {
    const profile = { credentials: { apiKey: 'k\n', secret: 's', passphrase: 'p' } };
    const source = credentialSourceOf({ source: 'profile', profileName: 'main', path: '/c/config.json', profile });
    expect(() => checkCredentials(source ?? good)).toThrow('(a line feed at position 2 of 2, in apiKey of profile "main" in /c/config.json)');
    expect(credentialSourceOf({ source: 'none', profileName: null, path: '/c', profile: { ...profile, credentials: null } })).toBeNull();
  });
});

describe('nearest symbols', () => {
  it('edit distance counts an adjacent swap as one', () => {
    expect(editDistance('BTCUSDT', 'BTCUSDT')).toBe(0);
    expect(editDistance('BTCUSD', 'BTCUSDT')).toBe(1);
    expect(editDistance('BTCUDST', 'BTCUSDT')).toBe(1);
    expect(editDistance('', 'ABC')).toBe(3);
  });
  it('ranks names that start with the query, then the closest', () => {
    const names = ['BTCUSDT', 'ETHUSDT', 'ETHBTC', 'SOLUSDT', 'DOGEUSDT', 'XRPUSDT'];
    expect(nearestNames('ETH', names, 2)).toEqual(['ETHBTC', 'ETHUSDT']);
    expect(nearestNames('BTCUSTD', names, 1)).toEqual(['BTCUSDT']);
    expect(nearestNames('NOPEUSDT', names, 1)).toEqual(['DOGEUSDT']);
  });
  it('refuses an unknown symbol with the nearest ones and the categories that list it', () => {
    const list = [
      { category: 'USDT-FUTURES' as const, symbol: 'BTCUSDT' },
      { category: 'USDT-FUTURES' as const, symbol: 'ETHUSDT' },
      { category: 'SPOT' as const, symbol: 'ETHBTC' },
    ];
    expect(unknownSymbolMessage({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' }, list)).toBeNull();
    expect(unknownSymbolMessage({ category: 'USDT-FUTURES', symbol: 'NOPEUSDT' }, list)).toBe('unknown symbol NOPEUSDT in USDT-FUTURES; nearest: BTCUSDT, ETHUSDT');
    expect(unknownSymbolMessage({ category: 'USDT-FUTURES', symbol: 'ETHBTC' }, list)).toBe('unknown symbol ETHBTC in USDT-FUTURES; nearest: ETHUSDT, BTCUSDT; it is listed in SPOT (--symbol SPOT:ETHBTC)');
    expect(unknownSymbolMessage({ category: 'COIN-FUTURES', symbol: 'ETHUSDT' }, [...list, { category: 'SPOT', symbol: 'ETHUSDT' }, { category: 'COIN-FUTURES', symbol: 'ETHUSD' }])).toBe('unknown symbol ETHUSDT in COIN-FUTURES; nearest: ETHUSD; it is listed in USDT-FUTURES, SPOT (--symbol USDT-FUTURES:ETHUSDT)');
    // Nothing loaded for the category (a failed request): no guess.
    expect(unknownSymbolMessage({ category: 'COIN-FUTURES', symbol: 'BTCUSD' }, list)).toBeNull();
  });
});

describe('keyBindingsFrom', () => {
  it('applies overrides, and refuses a bad one in one line naming the file', () => {
    expect(keyBindingsFrom(DEFAULT_BINDINGS, { keys: {}, path: '/c.json' })).toEqual(DEFAULT_BINDINGS);
    expect(() => keyBindingsFrom(DEFAULT_BINDINGS, { keys: { 'app.qiut': ['x'] }, path: '/c.json' })).toThrow(/^\/c\.json: unknown command "app\.qiut" in "keys" \(nearest: app\.quit, /);
    expect(() => keyBindingsFrom(DEFAULT_BINDINGS, { keys: { 'app.quit': ['?'] }, path: '/c.json' })).toThrow(/^\/c\.json: key "\?" is bound twice/);
  });
});
