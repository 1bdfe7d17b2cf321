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
