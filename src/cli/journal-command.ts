import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toCsv } from '../journal/journal-csv.js';
import { openJournal, readJournalIdentity } from '../journal/journal-db.js';
import { JournalError } from '../journal/journal-errors.js';
import { accountFilePart, defaultJournalPath, journalDataHome, journalDir } from '../journal/journal-path.js';
import { EXPORT_FIELDS } from '../journal/journal-reader.js';
import { totalsByCoin } from '../journal/journal-summary.js';
import type { JournalIdentity, JournalStore } from '../journal/journal-types.js';
import { UsageError } from './args.js';
import { JOURNAL_USAGE, parseJournalArgs, type JournalCommon } from './journal-args.js';
import { formatStats } from './journal-stats-text.js';

/**
 * `utadash journal export|stats`: reads the trade journal file straight, without the dashboard and
 * without loading Ink (bin.ts imports this module only for `journal`). Every refusal (a flag, a
 * missing or foreign file, a newer schema, an --out that cannot be written) is a UsageError: one
 * line on stderr, exit 2.
 */

/** Where the command writes, and its clock (tests inject them). */
export interface JournalCommandIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /** Unix ms now. Default Date.now(). */
  readonly now?: number;
}

const FILE_NAME = /^journal-(live|paper|demo)-(.+)\.sqlite$/;

/** The journal file the flags name, and whose it is. */
function chooseJournal(flags: JournalCommon, env: NodeJS.ProcessEnv): { readonly path: string; readonly identity: JournalIdentity } {
  if (flags.path !== null) {
    const stored = readJournalIdentity(flags.path);
    if (stored === null) throw new UsageError(`--journal ${flags.path}: no account is recorded in it yet`);
    if ((flags.mode !== null && flags.mode !== stored.mode) || (flags.account !== null && flags.account !== stored.account)) {
      throw new UsageError(`--journal ${flags.path} is the journal of ${stored.mode} account ${stored.account}, not of the --mode / --account given`);
    }
    return { path: flags.path, identity: stored };
  }
  const dataHome = journalDataHome(env);
  if (flags.mode !== null && flags.account !== null) {
    const identity = { mode: flags.mode, account: flags.account };
    return { path: defaultJournalPath(identity, dataHome), identity };
  }
  const dir = journalDir(dataHome);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    names = [];
  }
  const matching = names.filter((name) => {
    const m = FILE_NAME.exec(name);
    return m !== null && (flags.mode === null || m[1] === flags.mode) && (flags.account === null || m[2] === accountFilePart(flags.account));
  });
  const which = [flags.mode === null ? '' : ` --mode ${flags.mode}`, flags.account === null ? '' : ` --account ${flags.account}`].join('');
  const [only, ...others] = matching.sort();
  if (only === undefined) throw new UsageError(`no trade journal${which === '' ? '' : ` for${which}`} in ${dir} (the dashboard writes one as it runs; --journal PATH names a file)`);
  if (others.length > 0) throw new UsageError(`${matching.length} trade journals in ${dir} (${matching.join(', ')}): choose one with --mode and --account, or --journal PATH`);
  const path = join(dir, only);
  const identity = readJournalIdentity(path);
  if (identity === null) throw new UsageError(`${path}: no account is recorded in it yet`);
  return { path, identity };
}

/** Writes all of `text` to a stream. */
function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

/** Runs `utadash journal …` (the words after `journal`); returns the exit status. */
export async function runJournalCommand(argv: readonly string[], env: NodeJS.ProcessEnv, io: JournalCommandIo = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  const cmd = parseJournalArgs(argv, io.now ?? Date.now());
  if (cmd.command === 'help') {
    await write(io.stdout, `${JOURNAL_USAGE}\n`);
    return 0;
  }
  let store: JournalStore;
  let identity: JournalIdentity;
  try {
    const chosen = chooseJournal(cmd, env);
    identity = chosen.identity;
    store = openJournal({ path: chosen.path, identity, mustExist: true });
  } catch (error) {
    if (error instanceof JournalError) throw new UsageError(error.message, { cause: error });
    throw error;
  }
  try {
    const range = { from: cmd.from, to: cmd.to };
    if (cmd.command === 'stats') {
      const buckets = store.pnlBy(cmd.by, range);
      await write(io.stdout, formatStats({ identity, path: store.path, from: cmd.from, to: cmd.to, by: cmd.by }, buckets, totalsByCoin(buckets)));
      return 0;
    }
    const rows = store.exportRows(cmd.kind, range);
    const text = cmd.format === 'csv' ? toCsv(EXPORT_FIELDS[cmd.kind], rows) : `[${rows.map((r) => `\n${JSON.stringify(r)}`).join(',')}\n]\n`;
    if (cmd.out === null) {
      await write(io.stdout, text);
      return 0;
    }
    try {
      writeFileSync(cmd.out, text, { mode: 0o600 });
    } catch (error) {
      throw new UsageError(`--out ${cmd.out} cannot be written: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    await write(io.stderr, `utadash: ${rows.length} ${cmd.kind} row(s) written to ${cmd.out}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
