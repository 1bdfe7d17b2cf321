import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function home(content: unknown, mode = 0o600): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), 'utadash-cfg-'));
  mkdirSync(join(dir, 'utadash'));
  const file = join(dir, 'utadash', 'config.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  chmodSync(file, mode);
  return { XDG_CONFIG_HOME: dir };
}

describe('loadConfig', () => {
  it('uses the environment keys first', () => {
    const c = loadConfig({ BITGET_API_KEY: 'k', BITGET_API_SECRET: 's', BITGET_API_PASSPHRASE: 'p', XDG_CONFIG_HOME: '/nonexistent' }, null);
    expect(c.source).toBe('env');
    expect(c.profile.credentials).toEqual({ apiKey: 'k', secret: 's', passphrase: 'p' });
  });
  it('no keys anywhere means the embedded exchange', () => {
    expect(loadConfig({ XDG_CONFIG_HOME: '/nonexistent' }, null).source).toBe('none');
  });
  it('refuses half-set environment keys', () => {
    expect(() => loadConfig({ BITGET_API_KEY: 'k', XDG_CONFIG_HOME: '/nonexistent' }, null)).toThrow('set all three');
  });
  it('reads a named profile and its paper flag', () => {
    const env = home({ defaultProfile: 'main', profiles: { main: { apiKey: 'a', secret: 'b', passphrase: 'c' }, paper: { apiKey: 'd', secret: 'e', passphrase: 'f', paper: true } } });
    expect(loadConfig(env, null).profileName).toBe('main');
    const p = loadConfig(env, 'paper');
    expect(p.profile.paper).toBe(true);
    expect(p.source).toBe('profile');
  });
  it("reads the profile's own broker code (none by default) and refuses a malformed one", () => {
    const env = home({ defaultProfile: 'main', profiles: { main: { apiKey: 'a', secret: 'b', passphrase: 'c', channelApiCode: 'my_brk-1' }, plain: { apiKey: 'd', secret: 'e', passphrase: 'f' } } });
    expect(loadConfig(env, null).profile.channelApiCode).toBe('my_brk-1');
    expect(loadConfig(env, 'plain').profile.channelApiCode).toBeNull();
    const bad = home({ defaultProfile: 'main', profiles: { main: { apiKey: 'a', secret: 'b', passphrase: 'c', channelApiCode: 'not a code!' } } });
    expect(() => loadConfig(bad, null)).toThrow('channelApiCode must be your broker code');
  });
  it('takes an https restUrl, plain http only to this machine, and refuses the rest by name', () => {
    const profile = (restUrl: string) => home({ defaultProfile: 'main', profiles: { main: { apiKey: 'a', secret: 'b', passphrase: 'c', restUrl } } });
    expect(loadConfig(profile('https://api.bitget.com'), null).profile.restUrl).toBe('https://api.bitget.com');
    expect(loadConfig(profile('http://127.0.0.1:8080'), null).profile.restUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig(profile('http://localhost:9000'), null).profile.restUrl).toBe('http://localhost:9000');
    expect(() => loadConfig(profile('http://api.example.com'), null)).toThrow('is plain http: your key, passphrase and signatures would cross the network readable');
    expect(() => loadConfig(profile('ftp://x'), null)).toThrow('must start with https://');
    expect(() => loadConfig(profile('api.bitget.com'), null)).toThrow('is not an address');
  });
  it('refuses a file others can read, saying how to fix it, without printing secrets', () => {
    const env = home({ profiles: { default: { apiKey: 'AKEY', secret: 'SSECRET', passphrase: 'PPASS' } } }, 0o644);
    let error: unknown;
    try {
      loadConfig(env, null);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/chmod 600 .*config\.json/);
    expect((error as Error).message).not.toMatch(/SSECRET|PPASS|AKEY/);
  });
  it('names the profiles when one is missing', () => {
    const env = home({ profiles: { a: {}, b: {} } });
    expect(() => loadConfig(env, 'c')).toThrow('no profile "c"');
    expect(() => loadConfig(env, 'c')).toThrow('profiles: a, b');
  });
  it('reports bad JSON and bad key overrides', () => {
    expect(() => loadConfig(home('{oops'), null)).toThrow('is not valid JSON');
    expect(() => loadConfig(home({ keys: { 'app.quit': 5 } }), null)).toThrow('"keys.app.quit"');
  });
  it('reads the order guards, defaults where unset, and names a bad value', () => {
    const c = loadConfig(home({ orderGuards: { bookMaxAgeMs: 2000, maxNotional: '25000' } }), null);
    expect(c.orderGuards.bookMaxAgeMs).toBe(2000);
    expect(c.orderGuards.maxNotional.toFixed()).toBe('25000');
    expect(c.orderGuards.accountMaxAgeMs).toBe(30_000);
    expect(c.orderGuards.maxPriceDeviationPct.toFixed()).toBe('5');
    expect(loadConfig({ XDG_CONFIG_HOME: '/nonexistent' }, null).orderGuards.bookMaxAgeMs).toBe(5000);
    expect(() => loadConfig(home({ orderGuards: { bookMaxAgeMs: -1 } }), null)).toThrow(/config\.json: orderGuards\.bookMaxAgeMs must be a whole number of milliseconds above 0 \(got -1\)/);
    expect(() => loadConfig(home({ orderGuards: { maxPrice: 5 } }), null)).toThrow(ConfigError);
  });
  it('reads the loan alarm margin in percentage points, 3 by default, and names a bad value', () => {
    expect(loadConfig({ XDG_CONFIG_HOME: '/nonexistent' }, null).loanAlarmMargin.toFixed()).toBe('0.03');
    expect(loadConfig(home({ loanAlarms: { liquidationMarginPct: 5 } }), null).loanAlarmMargin.toFixed()).toBe('0.05');
    expect(loadConfig(home({ loanAlarms: { liquidationMarginPct: '2.5' } }), null).loanAlarmMargin.toFixed()).toBe('0.025');
    expect(() => loadConfig(home({ loanAlarms: { liquidationMarginPct: 0 } }), null)).toThrow(/loanAlarms\.liquidationMarginPct must be a number of percentage points above 0 and below 100, e\.g\. 3 \(got 0\)/);
    expect(() => loadConfig(home({ loanAlarms: { margin: 3 } }), null)).toThrow(/unknown key\(s\) margin/);
  });
  it('reads key overrides', () => {
    expect(loadConfig(home({ keys: { 'app.quit': 'Q', 'order.cancel': ['x', 'X'] } }), null).keys).toEqual({ 'app.quit': ['Q'], 'order.cancel': ['x', 'X'] });
  });
});

describe('loadConfig endpoints: restUrl moves REST and both sockets together', () => {
  const keys = { apiKey: 'a', secret: 'b', passphrase: 'c' };
  const withProfile = (fields: Record<string, unknown>) => home({ defaultProfile: 'main', profiles: { main: { ...keys, ...fields } } });
  const endpointsOf = (fields: Record<string, unknown>) => loadConfig(withProfile(fields), null).profile.endpoints;
  /** The one-line message `loadConfig` refuses the profile with. */
  const refusal = (fields: Record<string, unknown>): string => {
    try {
      loadConfig(withProfile(fields), null);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).not.toContain('\n');
      return (error as Error).message;
    }
    throw new Error('expected a ConfigError');
  };

  it('refuses a restUrl with a path: the client signs /api/... from the origin', () => {
    expect(refusal({ restUrl: 'https://proxy.example.com/bitget' })).toMatch(/^profile "main" in .*: restUrl "https:\/\/proxy\.example\.com\/bitget" must be an origin like https:\/\/host:port, without a path/);
  });

  it('has none when nothing is configured (env keys, no profile, a profile without restUrl): Bitget hosts, chosen in main', () => {
    expect(loadConfig({ BITGET_API_KEY: 'k', BITGET_API_SECRET: 's', BITGET_API_PASSPHRASE: 'p', XDG_CONFIG_HOME: '/nonexistent' }, null).profile.endpoints).toBeNull();
    expect(loadConfig({ XDG_CONFIG_HOME: '/nonexistent' }, null).profile.endpoints).toBeNull();
    expect(endpointsOf({})).toBeNull();
    expect(endpointsOf({ paper: true })).toBeNull();
  });

  it("treats Bitget's own REST origin as the default, so the paper setting still picks ws or wspap", () => {
    expect(endpointsOf({ restUrl: 'https://api.bitget.com' })).toBeNull();
    expect(endpointsOf({ restUrl: 'https://api.bitget.com/' })).toBeNull();
    expect(refusal({ restUrl: 'https://api.bitget.com', wsPrivateUrl: 'wss://ws.bitget.com/v3/ws/private' })).toContain("wsPrivateUrl cannot be set with Bitget's own restUrl https://api.bitget.com");
  });

  it('derives wss sockets on the https restUrl host and port', () => {
    expect(endpointsOf({ restUrl: 'https://gw.example.com:8443' })).toEqual({
      rest: 'https://gw.example.com:8443',
      wsPublic: 'wss://gw.example.com:8443/v3/ws/public',
      wsPrivate: 'wss://gw.example.com:8443/v3/ws/private',
    });
    expect(endpointsOf({ restUrl: 'https://gw.example.com/' })).toEqual({ rest: 'https://gw.example.com', wsPublic: 'wss://gw.example.com/v3/ws/public', wsPrivate: 'wss://gw.example.com/v3/ws/private' });
  });

  it('derives plain ws sockets for a plain-http loopback restUrl (127.0.0.1, localhost, ::1)', () => {
    expect(endpointsOf({ restUrl: 'http://127.0.0.1:40123' })).toEqual({ rest: 'http://127.0.0.1:40123', wsPublic: 'ws://127.0.0.1:40123/v3/ws/public', wsPrivate: 'ws://127.0.0.1:40123/v3/ws/private' });
    expect(endpointsOf({ restUrl: 'http://localhost:9000' })?.wsPrivate).toBe('ws://localhost:9000/v3/ws/private');
    expect(endpointsOf({ restUrl: 'http://[::1]:9000' })?.wsPublic).toBe('ws://[::1]:9000/v3/ws/public');
  });

  it('refuses plain http to any other host, naming the profile and the field', () => {
    const message = refusal({ restUrl: 'http://gw.example.com' });
    expect(message).toMatch(/^profile "main" in .*config\.json: restUrl "http:\/\/gw\.example\.com" is plain http/);
    expect(refusal({ restUrl: 'http://10.0.0.5:8080' })).toContain('is plain http');
  });

  it('takes explicit sockets on the restUrl host (another port or path is fine)', () => {
    expect(endpointsOf({ restUrl: 'https://gw.example.com', wsPublicUrl: 'wss://gw.example.com:9443/pub', wsPrivateUrl: 'wss://gw.example.com/priv' })).toEqual({
      rest: 'https://gw.example.com',
      wsPublic: 'wss://gw.example.com:9443/pub',
      wsPrivate: 'wss://gw.example.com/priv',
    });
    // Only one given: the other is derived.
    expect(endpointsOf({ restUrl: 'https://gw.example.com', wsPrivateUrl: 'wss://gw.example.com/priv' })?.wsPublic).toBe('wss://gw.example.com/v3/ws/public');
  });

  it('refuses an explicit socket on another host: the key would log in there', () => {
    const message = refusal({ restUrl: 'https://gw.example.com', wsPrivateUrl: 'wss://ws.bitget.com/v3/ws/private' });
    expect(message).toMatch(/^profile "main" in .*: wsPrivateUrl "wss:\/\/ws\.bitget\.com\/v3\/ws\/private" is not on the restUrl's host gw\.example\.com/);
    expect(refusal({ restUrl: 'https://gw.example.com', wsPublicUrl: 'wss://evil.example.com/v3/ws/public' })).toContain('wsPublicUrl "wss://evil.example.com/v3/ws/public" is not on the restUrl\'s host');
    expect(refusal({ restUrl: 'http://127.0.0.1:8080', wsPrivateUrl: 'ws://gw.example.com/v3/ws/private' })).toContain('wsPrivateUrl');
  });

  it('takes plain ws only for loopback, and loopback names are one machine', () => {
    expect(endpointsOf({ restUrl: 'http://127.0.0.1:8080', wsPrivateUrl: 'ws://localhost:8081/v3/ws/private' })?.wsPrivate).toBe('ws://localhost:8081/v3/ws/private');
    expect(endpointsOf({ restUrl: 'https://localhost:8443', wsPublicUrl: 'ws://[::1]:8080/v3/ws/public' })?.wsPublic).toBe('ws://[::1]:8080/v3/ws/public');
    expect(refusal({ restUrl: 'https://gw.example.com', wsPrivateUrl: 'ws://gw.example.com/v3/ws/private' })).toContain('wsPrivateUrl "ws://gw.example.com/v3/ws/private" is plain ws');
    expect(refusal({ restUrl: 'https://gw.example.com', wsPublicUrl: 'https://gw.example.com/v3/ws/public' })).toContain('wsPublicUrl "https://gw.example.com/v3/ws/public" must start with wss://');
    expect(refusal({ restUrl: 'https://gw.example.com', wsPublicUrl: 'not a url' })).toContain('wsPublicUrl "not a url" is not an address');
  });

  it('refuses sockets without a restUrl: they go where REST goes', () => {
    expect(refusal({ wsPrivateUrl: 'wss://gw.example.com/v3/ws/private' })).toContain('profile "main" in');
    expect(refusal({ wsPrivateUrl: 'wss://gw.example.com/v3/ws/private' })).toContain('wsPrivateUrl needs a restUrl in the same profile');
  });
});
