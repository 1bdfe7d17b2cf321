import { readFileSync, statSync } from 'node:fs';
import type { LayoutSpec, SizeRule } from '../ui/layout/layouts.js';
import type { SymbolRef } from '../store/slices/market-slice.js';
import { parseLayouts } from './config-layouts.js';
import { parseWatchlist } from './config-watchlist.js';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { parseAlertSettings, type AlertSettings } from '../domain/alert-config.js';
import { parseDecimal } from '../domain/money.js';
import { parseOrderGuards, type OrderGuardLimits } from '../domain/order-warnings.js';

/** API credentials of one account. Never printed, logged or shown. */
export interface Credentials {
  readonly apiKey: string;
  readonly secret: string;
  readonly passphrase: string;
}

/**
 * Where a profile's traffic goes: REST and both sockets on the one host the profile names, so the
 * key never logs in anywhere else.
 */
export interface Endpoints {
  /** REST origin, e.g. `https://host:8443` (no path). */
  readonly rest: string;
  /** Public socket URL; default `wss://<restUrl's host>/v3/ws/public` (`ws://` for a plain-http loopback restUrl). */
  readonly wsPublic: string;
  /** Private socket URL, where the key logs in; default `wss://<restUrl's host>/v3/ws/private`. */
  readonly wsPrivate: string;
}

/** One named profile of the config file. */
export interface Profile {
  readonly credentials: Credentials | null;
  /** Paper trading by default for this profile. */
  readonly paper: boolean;
  /** The profile's `restUrl` as written; null when unset (default https://api.bitget.com). */
  readonly restUrl: string | null;
  /**
   * The profile's own endpoints (`restUrl`, optionally `wsPublicUrl` / `wsPrivateUrl`), all on the
   * restUrl's host. Null (the default, and for Bitget's own https://api.bitget.com) means Bitget's
   * hosts: REST https://api.bitget.com, sockets wss://ws.bitget.com (paper: wss://wspap.bitget.com).
   */
  readonly endpoints: Endpoints | null;
  /**
   * The user's own API-broker code (`channelApiCode` in the profile): sent as `X-CHANNEL-API-CODE`
   * on place-order and place-batch and as `apiCode` on socket placements, the only requests
   * Bitget's pages name it for. Null (the default) sends none.
   */
  readonly channelApiCode: string | null;
}

/** The resolved configuration. */
export interface AppConfig {
  /** Where the keys came from: env, the config file's profile, or nowhere (embedded exchange). */
  readonly source: 'env' | 'profile' | 'none';
  readonly profileName: string | null;
  readonly profile: Profile;
  /** Key-binding overrides: command id → keys. */
  readonly keys: Readonly<Record<string, readonly string[]>>;
  readonly theme: string | null;
  /** The ticket's order guards (`orderGuards` in the file: stale-data ages, distance from mark, order value); defaults where unset. */
  readonly orderGuards: OrderGuardLimits;
  /**
   * How close to its liquidation line a loan's collateral ratio may come before the near-liquidation
   * alarm (banner, bell, log), as a fraction (0.03 = 3 percentage points); `loanAlarms.liquidationMarginPct`
   * in the file, default 3.
   */
  readonly loanAlarmMargin: Decimal;
  /** Alert rules, bell and desktop notifications (`alerts` in the file, see domain/alert-config.ts); the built-in rules when absent. */
  readonly alerts: AlertSettings;
  /** The user's own layouts (`layouts`) and the one to start with (`layout`, default `trade`): src/cli/config-layouts.ts. */
  readonly layouts: { readonly user: readonly LayoutSpec[]; readonly initial: string; readonly bySize: readonly SizeRule[] };
  /** The watchlist's symbols (`watchlist`: ["SPOT:ETHUSDT", …], src/cli/config-watchlist.ts); null (absent) = the first ten spot and futures pairs. */
  readonly watchlist?: readonly SymbolRef[] | null;
  /** Path of the config file read, or the path where it would be. */
  readonly path: string;
}

/** A config problem the user must fix; the message says how. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code = 'CLI_CONFIG';
}

/** `$XDG_CONFIG_HOME/utadash/config.json` (or ~/.config/utadash/config.json). */
export function configPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : join(env.HOME ?? homedir(), '.config');
  return join(base, 'utadash', 'config.json');
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A profile's `channelApiCode`: letters, digits, `_` and `-`, at most 32; absent is null. */
function channelCodeOf(raw: unknown, name: string, path: string): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string' || !/^[A-Za-z0-9_-]{1,32}$/.test(raw)) {
    throw new ConfigError(`profile "${name}" in ${path}: channelApiCode must be your broker code (letters, digits, _ or -, at most 32)`);
  }
  return raw;
}

/** Hosts a plain-http REST or plain-ws socket address may name: this machine only. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Bitget's own REST origin: with it the sockets are Bitget's too (chosen by the paper setting). */
const BITGET_REST_ORIGIN = 'https://api.bitget.com';

/**
 * A profile's `restUrl`: an origin over https, or plain http only to this machine (a key,
 * passphrase and a replayable signature travel in every request). A malformed address is refused by name.
 */
function restUrlOf(raw: unknown, name: string, path: string): URL | null {
  const text = str(raw);
  if (text === null) return null;
  const where = `profile "${name}" in ${path}: restUrl "${text}"`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`${where} is not an address (e.g. https://api.bitget.com)`);
  }
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) throw new ConfigError(`${where} is plain http: your key, passphrase and signatures would cross the network readable; use https (plain http only to 127.0.0.1 or localhost)`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(`${where} must start with https://`);
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') throw new ConfigError(`${where} must be an origin like https://host:port, without a path (the request paths are signed as /api/...)`);
  return url;
}

/**
 * A profile's `wsPublicUrl` / `wsPrivateUrl`: wss (plain ws only to this machine) on the restUrl's
 * host, so the key's login goes nowhere the profile does not name. Port and path may differ.
 */
function socketUrlOf(raw: unknown, field: 'wsPublicUrl' | 'wsPrivateUrl', rest: URL, name: string, path: string): string | null {
  const text = str(raw);
  if (text === null) return null;
  const where = `profile "${name}" in ${path}: ${field} "${text}"`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`${where} is not an address (e.g. wss://${rest.host}/v3/ws/private)`);
  }
  if (url.protocol === 'ws:' && !LOOPBACK.has(url.hostname)) throw new ConfigError(`${where} is plain ws: your key's login would cross the network readable; use wss (plain ws only to 127.0.0.1, ::1 or localhost)`);
  if (url.protocol !== 'wss:' && url.protocol !== 'ws:') throw new ConfigError(`${where} must start with wss://`);
  const sameMachine = LOOPBACK.has(url.hostname) && LOOPBACK.has(rest.hostname);
  if (url.hostname !== rest.hostname && !sameMachine) throw new ConfigError(`${where} is not on the restUrl's host ${rest.hostname}: the key would log in at a host the profile does not trust; put the socket on ${rest.hostname} or leave ${field} out`);
  return url.href;
}

/**
 * The profile's endpoints: restUrl moves REST and both sockets together (sockets derived from its
 * host unless given on that host). Null when the profile names none, or Bitget's own REST origin.
 */
function endpointsOf(r: Record<string, unknown>, name: string, path: string): Endpoints | null {
  const rest = restUrlOf(r.restUrl, name, path);
  const given = (['wsPublicUrl', 'wsPrivateUrl'] as const).filter((f) => str(r[f]) !== null);
  const first = given[0];
  if (rest === null) {
    if (first !== undefined) throw new ConfigError(`profile "${name}" in ${path}: ${first} needs a restUrl in the same profile (the sockets go where REST goes; without restUrl they are Bitget's own)`);
    return null;
  }
  if (rest.origin === BITGET_REST_ORIGIN) {
    if (first !== undefined) throw new ConfigError(`profile "${name}" in ${path}: ${first} cannot be set with Bitget's own restUrl ${BITGET_REST_ORIGIN}: its sockets are Bitget's (the paper setting picks ws or wspap); leave ${first} out`);
    return null;
  }
  const scheme = rest.protocol === 'https:' ? 'wss:' : 'ws:';
  return {
    rest: rest.origin,
    wsPublic: socketUrlOf(r.wsPublicUrl, 'wsPublicUrl', rest, name, path) ?? `${scheme}//${rest.host}/v3/ws/public`,
    wsPrivate: socketUrlOf(r.wsPrivateUrl, 'wsPrivateUrl', rest, name, path) ?? `${scheme}//${rest.host}/v3/ws/private`,
  };
}

function readProfile(raw: unknown, name: string, path: string): Profile {
  if (typeof raw !== 'object' || raw === null) throw new ConfigError(`profile "${name}" in ${path} must be an object`);
  const r = raw as Record<string, unknown>;
  const apiKey = str(r.apiKey);
  const secret = str(r.secret);
  const passphrase = str(r.passphrase);
  const given = [apiKey, secret, passphrase].filter((v) => v !== null).length;
  if (given !== 0 && given !== 3) throw new ConfigError(`profile "${name}" in ${path} needs all of apiKey, secret and passphrase (or none of them)`);
  return {
    credentials: apiKey && secret && passphrase ? { apiKey, secret, passphrase } : null,
    paper: r.paper === true,
    restUrl: str(r.restUrl),
    endpoints: endpointsOf(r, name, path),
    channelApiCode: channelCodeOf(r.channelApiCode, name, path),
  };
}

/**
 * Resolves keys and settings: environment variables win; otherwise a profile of the config file.
 * A config file that group or others can read is refused (it holds secrets).
 */
export function loadConfig(env: NodeJS.ProcessEnv, profileName: string | null): AppConfig {
  const path = configPath(env);
  let file: Record<string, unknown> | null = null;
  let mode: number | null = null;
  try {
    mode = statSync(path).mode;
  } catch {
    mode = null;
  }
  if (mode !== null) {
    if ((mode & 0o077) !== 0) {
      throw new ConfigError(`${path} can be read by other users (mode ${(mode & 0o777).toString(8)}); it holds API secrets. Fix it with: chmod 600 ${path}`);
    }
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      throw new ConfigError(`cannot read ${path}: ${(error as Error).message}`);
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('the top level must be an object');
      file = parsed as Record<string, unknown>;
    } catch (error) {
      throw new ConfigError(`${path} is not valid JSON: ${(error as Error).message}`);
    }
  }
  const keys = readKeys(file?.keys, path);
  const theme = str(file?.theme);
  const loanAlarmMargin = readLoanAlarmMargin(file?.loanAlarms, path);
  let alerts: AlertSettings;
  try {
    alerts = parseAlertSettings(file?.alerts, loanAlarmMargin.times(100));
  } catch (error) {
    throw new ConfigError(`${path}: ${(error as Error).message}`);
  }
  const layouts = parseLayouts(
    file?.layout,
    file?.layouts,
    path,
    (message) => {
      throw new ConfigError(message);
    },
    file?.layoutBySize,
  );
  const watchlist = parseWatchlist(file?.watchlist, path, (message) => {
    throw new ConfigError(message);
  });
  let orderGuards: OrderGuardLimits;
  try {
    orderGuards = parseOrderGuards(file?.orderGuards);
  } catch (error) {
    throw new ConfigError(`${path}: ${(error as Error).message}`);
  }
  const envKey = str(env.BITGET_API_KEY);
  const envSecret = str(env.BITGET_API_SECRET);
  const envPass = str(env.BITGET_API_PASSPHRASE);
  const envCount = [envKey, envSecret, envPass].filter((v) => v !== null).length;
  if (envCount > 0 && envCount < 3) throw new ConfigError('set all three of BITGET_API_KEY, BITGET_API_SECRET and BITGET_API_PASSPHRASE (or none)');
  if (envKey && envSecret && envPass && profileName === null) {
    return { source: 'env', profileName: null, profile: { credentials: { apiKey: envKey, secret: envSecret, passphrase: envPass }, paper: false, restUrl: null, endpoints: null, channelApiCode: null }, keys, theme, orderGuards, loanAlarmMargin, alerts, layouts, watchlist, path };
  }
  const profiles = (file?.profiles ?? {}) as Record<string, unknown>;
  const name = profileName ?? str(file?.defaultProfile) ?? (profiles.default ? 'default' : null);
  if (name === null) return { source: 'none', profileName: null, profile: { credentials: null, paper: false, restUrl: null, endpoints: null, channelApiCode: null }, keys, theme, orderGuards, loanAlarmMargin, alerts, layouts, watchlist, path };
  if (!(name in profiles)) {
    const known = Object.keys(profiles);
    throw new ConfigError(`no profile "${name}" in ${path}${known.length ? ` (profiles: ${known.join(', ')})` : ' (it has no profiles)'}`);
  }
  const profile = readProfile(profiles[name], name, path);
  return { source: profile.credentials ? 'profile' : 'none', profileName: name, profile, keys, theme, orderGuards, loanAlarmMargin, alerts, layouts, watchlist, path };
}

function readKeys(raw: unknown, path: string): Record<string, readonly string[]> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError(`"keys" in ${path} must map command ids to key lists`);
  const out: Record<string, readonly string[]> = {};
  for (const [id, value] of Object.entries(raw as Record<string, unknown>)) {
    const list = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(list) || !list.every((k) => typeof k === 'string' && k !== '')) throw new ConfigError(`"keys.${id}" in ${path} must be a key or a list of keys`);
    out[id] = list as string[];
  }
  return out;
}

/** `loanAlarms: { liquidationMarginPct }`: percentage points (0 < x < 100) as a number or decimal string; default 3. */
function readLoanAlarmMargin(raw: unknown, path: string): Decimal {
  if (raw === undefined || raw === null) return new Decimal('0.03');
  const bad = (detail: string) => new ConfigError(`${path}: loanAlarms.liquidationMarginPct must be a number of percentage points above 0 and below 100, e.g. 3 (${detail})`);
  if (typeof raw !== 'object' || Array.isArray(raw)) throw bad(`"loanAlarms" must be an object, got ${JSON.stringify(raw)}`);
  const r = raw as Record<string, unknown>;
  const unknown = Object.keys(r).filter((k) => k !== 'liquidationMarginPct');
  if (unknown.length > 0) throw bad(`unknown key(s) ${unknown.join(', ')}`);
  const v = r.liquidationMarginPct;
  if (v === undefined) return new Decimal('0.03');
  const pct = typeof v === 'string' ? parseDecimal(v) : typeof v === 'number' && Number.isFinite(v) ? parseDecimal(String(v)) : null;
  if (pct === null || pct.lte(0) || pct.gte(100)) throw bad(`got ${JSON.stringify(v)}`);
  return pct.div(100);
}
