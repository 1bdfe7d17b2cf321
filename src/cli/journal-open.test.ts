import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openJournal } from '../journal/journal-db.js';
import { parseArgs, UsageError } from './args.js';
import type { AppConfig } from './config.js';
import type { ExchangeTarget } from './exchange-target.js';
import { journalIdentity, openSessionJournal } from './journal-open.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'utadash-journal-open-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const creds = { apiKey: 'bg_key', secret: 's', passphrase: 'p' };
function target(mode: ExchangeTarget['mode'], account = 'main'): ExchangeTarget {
  return { mode, account, restUrl: 'http://127.0.0.1:1', ws: { public: 'ws://127.0.0.1:1/p', private: 'ws://127.0.0.1:1/q' }, credentials: creds, sim: null, replay: null };
}
const config = (profileName: string | null) => ({ profileName }) as AppConfig;

describe('the session journal', () => {
  it('belongs to the sim uid in demo, the profile (or a hash of the env key, never the key) live and on paper, and to nobody in a replay', () => {
    expect(journalIdentity(target('DEMO', 'sim 6000000001'), config(null))).toEqual({ mode: 'demo', account: '6000000001' });
    expect(journalIdentity(target('LIVE'), config('main'))).toEqual({ mode: 'live', account: 'main' });
    const env = journalIdentity(target('PAPER'), config(null));
    expect(env?.mode).toBe('paper');
    expect(env?.account).toMatch(/^env-[0-9a-f]{12}$/);
    expect(env?.account).not.toContain(creds.apiKey);
    expect(journalIdentity(target('REPLAY'), config(null))).toBeNull();
  });

  it('opens the default file under XDG_DATA_HOME, or --journal PATH; none with --no-journal', async () => {
    const home = tempDir();
    const j = openSessionJournal(parseArgs([]), { XDG_DATA_HOME: home }, target('DEMO', 'sim 6000000001'), config(null), () => undefined);
    expect(j?.record).toBe(true);
    expect(j?.store.path).toBe(join(home, 'utadash', 'journal-demo-6000000001.sqlite'));
    await j?.store.close();
    const path = join(tempDir(), 'mine.sqlite');
    const moved = openSessionJournal(parseArgs(['--journal', path]), { XDG_DATA_HOME: home }, target('DEMO', 'sim 6000000001'), config(null), () => undefined);
    expect(moved?.store.path).toBe(path);
    await moved?.store.close();
    expect(openSessionJournal(parseArgs(['--no-journal']), { XDG_DATA_HOME: home }, target('DEMO'), config(null), () => undefined)).toBeNull();
  });

  it('in a replay reads only a file named with --journal, as the account it was made for; another account\'s file is refused by name', async () => {
    const path = join(tempDir(), 'j.sqlite');
    const made = openJournal({ path, identity: { mode: 'live', account: 'main' } });
    await made.close();
    expect(openSessionJournal(parseArgs(['--replay', 'x.ndjson']), {}, target('REPLAY'), config(null), () => undefined)).toBeNull();
    const read = openSessionJournal(parseArgs(['--replay', 'x.ndjson', '--journal', path]), {}, target('REPLAY'), config(null), () => undefined);
    expect(read?.record).toBe(false);
    await read?.store.close();
    const refuse = () => openSessionJournal(parseArgs(['--journal', path]), {}, target('PAPER'), config('main'), () => undefined);
    expect(refuse).toThrow(UsageError);
    expect(refuse).toThrow(/belongs to live account main, not paper account main/);
  });
});
