import type { Category } from '../domain/model.js';
import { applyKeyOverrides, KeyBindingError, type Binding } from '../ui/keys/bindings.js';
import type { AppConfig, Credentials } from './config.js';

/**
 * Checks made before the dashboard takes the terminal: each refusal is one line on stderr and exit
 * status 2 (bin.ts), never a stack trace and never a screen left behind. Pure functions over what
 * they are given; the composition root (main.ts, bin.ts) calls them.
 */

/** A refusal at start: the message says what is wrong and how to fix it. */
export class StartCheckError extends Error {
  /** Stable code. */
  readonly code = 'CLI_START_CHECK';
  override readonly name = 'StartCheckError';
}

/** The streams the dashboard needs to be terminals. */
export interface TerminalStreams {
  readonly stdin: { readonly isTTY?: boolean };
  readonly stdout: { readonly isTTY?: boolean };
}

/**
 * Throws unless stdin and stdout are terminals: Ink needs raw-mode input, and without it waited
 * forever on its own error screen (`echo | utadash`, `utadash < /dev/null`).
 */
export function checkInteractive(streams: TerminalStreams): void {
  const which = streams.stdin.isTTY !== true ? 'stdin' : streams.stdout.isTTY !== true ? 'stdout' : null;
  if (which === null) return;
  throw new StartCheckError(`utadash needs an interactive terminal (${which} is not a TTY); run it in a terminal, or \`utadash sim\` for the embedded exchange alone`);
}

/** What kind of character a header cannot carry, in words (never the character's neighbours). */
function describeChar(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (ch === '\r') return 'a carriage return';
  if (ch === '\n') return 'a line feed';
  if (ch === '\t') return 'a tab';
  if (ch === ' ') return 'a space';
  if (code < 0x20 || code === 0x7f) return `a control character (${hex})`;
  return `a non-ASCII character (${hex})`;
}

/**
 * Where a credential sent in a request header (the API key, the passphrase) goes wrong, or null:
 * only printable ASCII travels faithfully, and a space at either end is cut off by the receiver.
 * Positions are 1-based; the value itself is never part of the answer.
 */
export function headerValueProblem(value: string): string | null {
  const chars = [...value];
  const n = chars.length;
  for (let i = 0; i < n; i += 1) {
    const ch = chars[i] ?? '';
    const printable = /^[\x21-\x7e]$/.test(ch) || (ch === ' ' && i > 0 && i < n - 1);
    if (!printable) return `${describeChar(ch)} at position ${i + 1} of ${n}`;
  }
  return null;
}

/** The credentials to check and where they came from (for the message, e.g. `BITGET_API_KEY`). */
export interface CredentialSource {
  readonly apiKey: string;
  readonly secret: string;
  readonly passphrase: string;
  /** How to name each field's origin: env variable names, or the profile and file. */
  readonly origin: { readonly apiKey: string; readonly secret: string; readonly passphrase: string };
}

/** The configured credentials with their origins (env variables or the profile), or null when there are none. */
export function credentialSourceOf(config: Pick<AppConfig, 'source' | 'profileName' | 'path'> & { readonly profile: { readonly credentials: Credentials | null } }): CredentialSource | null {
  const c = config.profile.credentials;
  if (c === null) return null;
  const inProfile = `profile "${config.profileName ?? ''}" in ${config.path}`;
  const origin = config.source === 'env' ? { apiKey: 'BITGET_API_KEY', secret: 'BITGET_API_SECRET', passphrase: 'BITGET_API_PASSPHRASE' } : { apiKey: `apiKey of ${inProfile}`, secret: `secret of ${inProfile}`, passphrase: `passphrase of ${inProfile}` };
  return { ...c, origin };
}

/**
 * Refuses credentials a request cannot carry: a key or passphrase with a character outside
 * printable ASCII (a pasted line break, a no-break space) or a space at either end went out as
 * garbage and came back as "network failure". The secret only keys the HMAC, so any character is
 * fine, but a blank one is refused. Messages give the kind of character and its position only.
 */
export function checkCredentials(c: CredentialSource): void {
  for (const [field, label] of [['apiKey', 'API key'], ['secret', 'API secret'], ['passphrase', 'API passphrase']] as const) {
    if (c[field].trim() === '') throw new StartCheckError(`the ${label} (${c.origin[field]}) is blank; set the real one`);
    const problem = field === 'secret' ? null : headerValueProblem(c[field]);
    if (problem !== null) throw new StartCheckError(`the ${label} contains a character a request header cannot carry (${problem}, in ${c.origin[field]}); copy it again without it`);
  }
}

/** Restricted Damerau-Levenshtein distance (adjacent swaps count one), case as given. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j += 1) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const up = rows[i - 1] ?? [];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((up[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
}

/**
 * The `limit` names nearest to `query` (case as given): names that start with it first (`ETH` →
 * `ETHUSDT`), then by edit distance, then the longer shared prefix, then alphabetically.
 */
export function nearestNames(query: string, names: readonly string[], limit = 5): string[] {
  const q = query;
  const shared = (n: string): number => {
    let k = 0;
    while (k < q.length && q[k] === n[k]) k += 1;
    return k;
  };
  return [...new Set(names)]
    .map((name) => ({ name, starts: name.startsWith(q) ? 0 : 1, distance: editDistance(q, name), prefix: shared(name) }))
    .sort((x, y) => x.starts - y.starts || x.distance - y.distance || y.prefix - x.prefix || x.name.localeCompare(y.name))
    .slice(0, limit)
    .map((x) => x.name);
}

/**
 * The refusal for `--symbol` naming no instrument of its category, or null when it names one. Null
 * too when the category has no instruments at all (they failed to load: the dashboard shows that
 * error, and "unknown" would be a guess). Suggests the nearest symbols of the category, and the
 * categories that do list the symbol.
 */
export function unknownSymbolMessage(wanted: { readonly category: Category; readonly symbol: string }, instruments: readonly { readonly category: Category; readonly symbol: string }[]): string | null {
  const inCategory = instruments.filter((i) => i.category === wanted.category).map((i) => i.symbol);
  if (inCategory.length === 0 || inCategory.includes(wanted.symbol)) return null;
  // Futures suggest futures first (COIN-FUTURES:ETHUSDT → USDT-FUTURES), spot suggests spot.
  const futures = (c: Category): number => (c.endsWith('-FUTURES') === wanted.category.endsWith('-FUTURES') ? 0 : 1);
  const elsewhere = [...new Set(instruments.filter((i) => i.symbol === wanted.symbol).map((i) => i.category))].sort((a, b) => futures(a) - futures(b));
  const nearest = nearestNames(wanted.symbol, inCategory).join(', ');
  const hint = elsewhere.length > 0 ? `; it is listed in ${elsewhere.join(', ')} (--symbol ${elsewhere[0] ?? ''}:${wanted.symbol})` : '';
  return `unknown symbol ${wanted.symbol} in ${wanted.category}; nearest: ${nearest}${hint}`;
}

/**
 * `bindings` with the config file's key overrides applied. A bad override is refused in one line
 * naming the file: an unknown command id with the nearest ids (not the whole list of ~200), a key
 * claimed twice in one scope as `applyKeyOverrides` words it.
 */
export function keyBindingsFrom(bindings: readonly Binding[], config: Pick<AppConfig, 'keys' | 'path'>): readonly Binding[] {
  try {
    return applyKeyOverrides(bindings, config.keys);
  } catch (error) {
    if (!(error instanceof KeyBindingError)) throw error;
    const ids: string[] = [...new Set(bindings.map((b) => b.command))];
    const unknown = Object.keys(config.keys).find((id) => !ids.includes(id));
    const message = unknown === undefined ? error.message : `unknown command "${unknown}" in "keys" (nearest: ${nearestNames(unknown, ids, 3).join(', ')}; the ? help lists every command)`;
    throw new StartCheckError(`${config.path}: ${message}`);
  }
}
