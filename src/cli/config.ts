import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { parseDecimal } from '../domain/money.js';
import { parseOrderGuards, type OrderGuardLimits } from '../domain/order-warnings.js';

/** API credentials of one account. Never printed, logged or shown. */
export interface Credentials {
  readonly apiKey: string;
  readonly secret: string;
  readonly passphrase: string;
}

/** One named profile of the config file. */
export interface Profile {
  readonly credentials: Credentials | null;
  /** Paper trading by default for this profile. */
  readonly paper: boolean;
  /** REST base URL override (default https://api.bitget.com). */
  readonly restUrl: string | null;
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

/** Hosts a plain-http REST address may name: this machine only. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * A profile's `restUrl`: https, or plain http only to this machine (a key, passphrase and a
 * replayable signature travel in every request). A malformed address is refused by name.
 */
function restUrlOf(raw: unknown, name: string, path: string): string | null {
  const text = str(raw);
  if (text === null) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`profile "${name}" in ${path}: restUrl "${text}" is not an address (e.g. https://api.bitget.com)`);
  }
  if (url.protocol === 'https:') return text;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return text;
  if (url.protocol === 'http:') throw new ConfigError(`profile "${name}" in ${path}: restUrl "${text}" is plain http: your key, passphrase and signatures would cross the network readable; use https (plain http only to 127.0.0.1 or localhost)`);
  throw new ConfigError(`profile "${name}" in ${path}: restUrl "${text}" must start with https://`);
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
    restUrl: restUrlOf(r.restUrl, name, path),
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
    return { source: 'env', profileName: null, profile: { credentials: { apiKey: envKey, secret: envSecret, passphrase: envPass }, paper: false, restUrl: null, channelApiCode: null }, keys, theme, orderGuards, loanAlarmMargin, path };
  }
  const profiles = (file?.profiles ?? {}) as Record<string, unknown>;
  const name = profileName ?? str(file?.defaultProfile) ?? (profiles.default ? 'default' : null);
  if (name === null) return { source: 'none', profileName: null, profile: { credentials: null, paper: false, restUrl: null, channelApiCode: null }, keys, theme, orderGuards, loanAlarmMargin, path };
  if (!(name in profiles)) {
    const known = Object.keys(profiles);
    throw new ConfigError(`no profile "${name}" in ${path}${known.length ? ` (profiles: ${known.join(', ')})` : ' (it has no profiles)'}`);
  }
  const profile = readProfile(profiles[name], name, path);
  return { source: profile.credentials ? 'profile' : 'none', profileName: name, profile, keys, theme, orderGuards, loanAlarmMargin, path };
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
