import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { JournalIdentity } from './journal-types.js';

/** `$XDG_DATA_HOME`, or `~/.local/share` when it is unset or empty. */
export function journalDataHome(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_DATA_HOME;
  return xdg !== undefined && xdg !== '' ? xdg : join(env.HOME ?? homedir(), '.local', 'share');
}

/** Longest account text kept in a file name (characters). */
const MAX_ACCOUNT = 64;

/**
 * The account as a file-name part: letters, digits, `.`, `_` and `-` kept, anything else `_`; when
 * that changed the text (or it was empty or too long), a hash of the original follows, so two
 * accounts never share a file.
 */
export function accountFilePart(account: string): string {
  const safe = account.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_').slice(0, MAX_ACCOUNT);
  if (safe === account && safe !== '') return safe;
  const hash = createHash('sha256').update(account).digest('hex').slice(0, 8);
  return `${safe === '' ? 'account' : safe}-${hash}`;
}

/** The journal file of an account and mode: `<dataHome>/utadash/journal-<mode>-<account>.sqlite`. */
export function defaultJournalPath(identity: JournalIdentity, dataHome: string): string {
  return join(dataHome, 'utadash', `journal-${identity.mode}-${accountFilePart(identity.account)}.sqlite`);
}

/** The directory holding the default journal files (`<dataHome>/utadash`). */
export function journalDir(dataHome: string): string {
  return join(dataHome, 'utadash');
}
