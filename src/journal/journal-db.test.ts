import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Decimal } from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCsvObjects } from '../../test/helpers/csv-parse.js';
import { toCsv } from './journal-csv.js';
import { openJournal, readJournalIdentity, type OpenJournalOptions } from './journal-db.js';
import { JournalError } from './journal-errors.js';
import { defaultJournalPath } from './journal-path.js';
import { EXPORT_FIELDS, EXPORT_KINDS } from './journal-reader.js';
import { migrate, MIGRATIONS, SCHEMA_VERSION, schemaVersionOf, type Migration } from './journal-schema.js';
import { makeFill } from './journal.testkit.js';
import type { JournalStore } from './journal-types.js';

const LIVE = { mode: 'live', account: '1234567' } as const;
const ALL = { from: 0, to: Number.MAX_SAFE_INTEGER };

let dir: string;
const open: JournalStore[] = [];
/** Opens a journal in the scratch directory; closed after the test. */
function journal(over: Partial<OpenJournalOptions> = {}): JournalStore {
  const store = openJournal({ identity: LIVE, dataHome: dir, ...over });
  open.push(store);
  return store;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'utadash-journal-'));
});
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Whether `fn` throws a JournalError with `code`; returns its message. */
function journalError(fn: () => unknown, code: string): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(JournalError);
    expect((error as JournalError).code).toBe(code);
    return (error as JournalError).message;
  }
  throw new Error(`no ${code}`);
}

describe('the file', () => {
  it('lives at $XDG_DATA_HOME/utadash/journal-<mode>-<account>.sqlite: directory 0700, file and WAL 0600, WAL mode, the current schema', async () => {
    const store = journal();
    expect(store.path).toBe(join(dir, 'utadash', 'journal-live-1234567.sqlite'));
    expect(statSync(join(dir, 'utadash')).mode & 0o777).toBe(0o700);
    store.record({ fills: [makeFill()] });
    await store.flush();
    for (const f of [store.path, `${store.path}-wal`, `${store.path}-shm`]) expect(statSync(f).mode & 0o777, f).toBe(0o600);
    const raw = new BetterSqlite3(store.path, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(schemaVersionOf(raw)).toBe(SCHEMA_VERSION);
    raw.close();
  });

  it('names files apart per mode and account, whatever the account text', () => {
    expect(defaultJournalPath({ mode: 'demo', account: 'sim' }, '/d')).toBe('/d/utadash/journal-demo-sim.sqlite');
    const odd = defaultJournalPath({ mode: 'paper', account: '../a/b c' }, '/d');
    expect(odd).toMatch(/^\/d\/utadash\/journal-paper-__a_b_c-[0-9a-f]{8}\.sqlite$/);
    expect(defaultJournalPath({ mode: 'paper', account: '../a/b_c' }, '/d')).not.toBe(odd);
    expect(defaultJournalPath({ mode: 'live', account: '' }, '/d')).toMatch(/journal-live-account-[0-9a-f]{8}\.sqlite$/);
  });

  it('tightens the utadash data directory to 0700 when it exists wider', async () => {
    mkdirSync(join(dir, 'utadash'), { mode: 0o755 });
    chmodSync(join(dir, 'utadash'), 0o755);
    await journal().close();
    expect(statSync(join(dir, 'utadash')).mode & 0o777).toBe(0o700);
  });

  it('tightens an existing file to 0600', () => {
    const path = join(dir, 'mine.sqlite');
    writeFileSync(path, '', { mode: 0o644 });
    journal({ path });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('keeps its rows across a reopen, with no migration run again', async () => {
    const a = journal();
    a.record({ fills: [makeFill()] });
    await a.close();
    const raw = new BetterSqlite3(a.path);
    expect(migrate(raw, a.path)).toBe(0);
    raw.close();
    expect(journal().counts().fills).toBe(1);
  });

  it('refuses a file of another account or mode, and one that is missing when it must exist', async () => {
    const path = join(dir, 'j.sqlite');
    await journal({ path }).close();
    expect(journalError(() => openJournal({ path, identity: { mode: 'demo', account: LIVE.account } }), 'JOURNAL_IDENTITY')).toContain('belongs to live account 1234567, not demo account 1234567');
    expect(journalError(() => openJournal({ path, identity: { mode: 'live', account: '999' } }), 'JOURNAL_IDENTITY')).toContain(path);
    expect(readJournalIdentity(path)).toEqual(LIVE);
    expect(journalError(() => openJournal({ path: join(dir, 'none.sqlite'), identity: LIVE, mustExist: true }), 'JOURNAL_MISSING')).toContain('none.sqlite');
  });

  it('refuses a file that is not a database', () => {
    const path = join(dir, 'notes.sqlite');
    writeFileSync(path, 'these are not the rows you are looking for, '.repeat(200));
    expect(journalError(() => openJournal({ path, identity: LIVE }), 'JOURNAL_OPEN')).toContain('not a journal');
  });
});

describe('schema migrations', () => {
  const step = (to: number, sql: string): Migration => ({ to, describe: sql, up: (db) => db.exec(sql) });
  const tables = (db: BetterSqlite3.Database): string[] =>
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);

  it('runs only the pending steps, in order, and records the version', () => {
    const db = new BetterSqlite3(':memory:');
    const steps = [step(1, 'CREATE TABLE a (x)'), step(2, 'CREATE TABLE b (x)'), step(3, 'ALTER TABLE a ADD COLUMN y')];
    expect(migrate(db, 'mem', steps.slice(0, 1))).toBe(1);
    expect(migrate(db, 'mem', steps)).toBe(2);
    expect(schemaVersionOf(db)).toBe(3);
    expect(tables(db)).toEqual(['a', 'b']);
    expect((db.prepare('PRAGMA table_info(a)').all() as { name: string }[]).map((c) => c.name)).toEqual(['x', 'y']);
    expect(migrate(db, 'mem', steps)).toBe(0);
  });

  it('a failing step leaves the file as it was: no table, no version', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, 'mem', [step(1, 'CREATE TABLE a (x)')]);
    expect(() => migrate(db, 'mem', [step(1, 'CREATE TABLE a (x)'), step(2, 'CREATE TABLE b (x)'), step(3, 'ALTER TABLE nope ADD COLUMN y')])).toThrow(/nope/);
    expect(schemaVersionOf(db)).toBe(1);
    expect(tables(db)).toEqual(['a']);
  });

  it('the app schema is version 1 with one table per kind', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, 'mem');
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
    expect(tables(db)).toEqual(['equity', 'fills', 'financial', 'loans', 'meta', 'orders', 'pnl_days', 'pnl_hours']);
  });

  it('refuses a file from a newer schema with a clear message, and leaves it untouched', async () => {
    const path = join(dir, 'newer.sqlite');
    await journal({ path }).close();
    const raw = new BetterSqlite3(path);
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    raw.pragma('journal_mode = DELETE');
    raw.close();
    const before = readFileSync(path);
    const message = journalError(() => openJournal({ path, identity: LIVE }), 'JOURNAL_NEWER_SCHEMA');
    expect(message).toBe(
      `journal ${path} was written by a newer utadash (schema ${SCHEMA_VERSION + 1}; this one knows up to ${SCHEMA_VERSION}): update utadash, or point --journal at another file`,
    );
    journalError(() => readJournalIdentity(path), 'JOURNAL_NEWER_SCHEMA');
    expect(readFileSync(path).equals(before)).toBe(true);
  });
});

describe('rows', () => {
  it('a fill seen twice (socket, then backfill; or after a restart) is stored once, as first seen', async () => {
    const a = journal();
    a.record({ fills: [makeFill({ execId: 'x1' }), makeFill({ execId: 'x2' })] });
    a.record({ fills: [makeFill({ execId: 'x1', fee: new Decimal('9') })] });
    await a.flush();
    a.record({ fills: [makeFill({ execId: 'x2' })] });
    await a.close();
    const b = journal();
    b.record({ fills: [makeFill({ execId: 'x1' }), makeFill({ execId: 'x3' })], financial: [], orders: [] });
    await b.flush();
    expect(b.counts().fills).toBe(3);
    expect(b.fills({ ...ALL }).map((f) => [f.execId, f.fee.toFixed()])).toEqual([
      ['x3', '0.6568884'],
      ['x2', '0.6568884'],
      ['x1', '0.6568884'],
    ]);
  });

  it('every kind keyed by the exchange id: duplicates ignored, counts per kind', async () => {
    const s = journal();
    const t = Date.UTC(2026, 0, 5);
    const batch = {
      fills: [makeFill()],
      orders: [
        { orderId: 'o1', clientOid: 'c1', category: 'SPOT' as const, symbol: 'BTCUSDT', kind: 'placed' as const, detail: 'buy 1 @ 2', time: t },
        { orderId: '', clientOid: 'c2', category: 'SPOT' as const, symbol: 'BTCUSDT', kind: 'rejected' as const, detail: 'too small', time: t },
      ],
      financial: [{ id: 'r1', category: null, symbol: null, coin: 'USDT', kind: 'other' as const, amount: new Decimal('-1'), type: 'transfer', time: t }],
      loans: [{ id: 'l1', loanId: 'L', kind: 'borrow' as const, loanCoin: 'USDT', pledgeCoin: 'BTC', amount: new Decimal('100'), coin: 'USDT', ratio: new Decimal('0.4'), time: t }],
      equity: [{ time: t, equity: new Decimal('1000.5'), marginRatio: null, worstLoanRatio: new Decimal('0.4') }],
    };
    s.record(batch);
    s.record(batch);
    await s.flush();
    expect(s.counts()).toEqual({ fills: 1, orders: 2, funding: 1, loans: 1, equity: 1 });
    expect(s.newestFillTime()).toBe(makeFill().time);
  });

  it('fills: newest first, by symbol and side, at most limit, within the range', async () => {
    const s = journal();
    const t0 = Date.UTC(2026, 0, 1);
    s.record({
      fills: [
        makeFill({ execId: 'a', symbol: 'BTCUSDT', side: 'buy', time: t0 + 1 }),
        makeFill({ execId: 'b', symbol: 'ETHUSDT', side: 'sell', time: t0 + 2 }),
        makeFill({ execId: 'c', symbol: 'BTCUSDT', side: 'sell', time: t0 + 3 }),
        makeFill({ execId: 'd', symbol: 'BTCUSDT', side: 'sell', time: t0 + 4, pnl: null, category: 'SPOT' }),
      ],
    });
    await s.flush();
    const ids = (f: Parameters<JournalStore['fills']>[0]): string[] => s.fills(f).map((x) => x.execId);
    expect(ids({ ...ALL })).toEqual(['d', 'c', 'b', 'a']);
    expect(ids({ ...ALL, symbol: 'BTCUSDT', side: 'sell' })).toEqual(['d', 'c']);
    expect(ids({ ...ALL, limit: 1 })).toEqual(['d']);
    expect(ids({ from: t0 + 2, to: t0 + 4 })).toEqual(['c', 'b']);
    const [d] = s.fills({ ...ALL, limit: 1 });
    expect(d?.pnl).toBeNull();
    expect(d?.category).toBe('SPOT');
    expect(d?.price.toFixed()).toBe('91234.5');
  });

  it('export → CSV → parsed back equals the rows, for every kind, awkward text included', async () => {
    const s = journal();
    const t = Date.UTC(2026, 1, 3, 4, 5, 6);
    s.record({
      fills: [makeFill({ clientOid: 'a,"b"\r\nc', pnl: null }), makeFill({ execId: 'e2', pnl: new Decimal('-0.000000000000001'), time: t + 1 })],
      orders: [{ orderId: 'o1', clientOid: 'c1', category: 'USDT-FUTURES', symbol: 'BTCUSDT', kind: 'cancelled', detail: 'sell 0.1 @ 95,000 "by user"\nline 2', time: t }],
      financial: [{ id: 'f1', category: 'USDT-FUTURES', symbol: 'BTCUSDT', coin: 'USDT', kind: 'funding', amount: new Decimal('-0.1234'), type: 'contract_settle_fee', time: t }],
      loans: [{ id: 'l1', loanId: 'L', kind: 'interest', loanCoin: 'USDT', pledgeCoin: 'BTC', amount: new Decimal('-0.01'), coin: 'USDT', ratio: null, time: t }],
      equity: [{ time: t, equity: new Decimal('1000.25'), marginRatio: new Decimal('0.1'), worstLoanRatio: null }],
    });
    await s.flush();
    for (const kind of EXPORT_KINDS) {
      const rows = s.exportRows(kind, ALL);
      expect(rows.length, kind).toBeGreaterThan(0);
      const csv = toCsv(EXPORT_FIELDS[kind], rows);
      expect(csv.split('\r\n')[0]).toBe(EXPORT_FIELDS[kind].join(','));
      expect(parseCsvObjects(csv), kind).toEqual(rows);
    }
    const fills = s.exportRows('fills', ALL);
    expect(fills[0]).toMatchObject({ clientOid: 'a,"b"\r\nc', pnl: '', timeUtc: '2026-01-05T10:00:00.000Z', price: '91234.5' });
    expect(fills[1]?.pnl).toBe('-0.000000000000001');
  });
});

describe('equity samples', () => {
  it('thin with age: every sample for a day, one an hour to 30 days, then one a day; the curve evenly thinned', async () => {
    const now = Date.UTC(2026, 5, 1);
    const s = journal({ clock: () => now });
    const equity = [];
    for (let t = now - 40 * 86_400_000; t < now; t += 600_000) equity.push({ time: t, equity: new Decimal(t).div(1e6), marginRatio: null, worstLoanRatio: null });
    s.record({ equity });
    await s.flush();
    const kept = s.equity(ALL, 1_000_000);
    const ages = kept.map((e) => now - e.time);
    expect(ages.filter((a) => a <= 86_400_000)).toHaveLength(144);
    const hourly = kept.filter((e) => now - e.time > 86_400_000 && now - e.time <= 30 * 86_400_000);
    expect(new Set(hourly.map((e) => Math.floor(e.time / 3_600_000))).size).toBe(hourly.length);
    expect(hourly.length).toBeGreaterThanOrEqual(29 * 24 - 1);
    expect(hourly.length).toBeLessThanOrEqual(29 * 24 + 1);
    const daily = kept.filter((e) => now - e.time > 30 * 86_400_000);
    expect(new Set(daily.map((e) => Math.floor(e.time / 86_400_000))).size).toBe(daily.length);
    expect(daily.length).toBeLessThanOrEqual(11);
    // The last sample of each hour is the one kept.
    for (const e of hourly) if (now - e.time > 86_400_000 + 3_600_000) expect(e.time % 3_600_000).toBe(3_000_000);
    const curve = s.equity(ALL, 50);
    expect(curve.length).toBeLessThanOrEqual(50);
    expect(curve.length).toBeGreaterThan(40);
    expect(curve.at(-1)?.time).toBe(kept.at(-1)?.time);
    expect(s.equity(ALL, 0)).toEqual([]);
  });
});

describe('two processes on one file', () => {
  it('both write and each reads the other’s commits', async () => {
    const a = journal();
    const b = journal();
    a.record({ fills: [makeFill({ execId: 'a1' })] });
    b.record({ fills: [makeFill({ execId: 'b1' }), makeFill({ execId: 'a1' })] });
    await a.flush();
    await b.flush();
    expect(a.counts().fills).toBe(2);
    expect(b.fills({ ...ALL }).map((f) => f.execId).sort()).toEqual(['a1', 'b1']);
  });

  it('while another holds the write lock: reads go on; a write past the busy timeout keeps its rows, says so, and lands once the lock is free', async () => {
    const problems: string[] = [];
    const b = journal({ busyTimeoutMs: 50, onProblem: (m) => problems.push(m) });
    b.record({ fills: [makeFill({ execId: 'before' })] });
    await b.flush();
    const other = new BetterSqlite3(b.path);
    other.exec('BEGIN IMMEDIATE');
    other.prepare("UPDATE meta SET value = 'x' WHERE key = 'created'").run();
    expect(b.counts().fills).toBe(1);
    b.record({ fills: [makeFill({ execId: 'during' })] });
    await b.flush();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('SQLITE_BUSY');
    expect(problems[0]).toContain('1 row(s) kept in memory');
    expect(b.counts().fills).toBe(1);
    other.exec('COMMIT');
    other.close();
    await b.flush();
    expect(b.fills({ ...ALL }).map((f) => f.execId)).toEqual(['during', 'before']);
    expect(problems[1]).toMatch(/writing .* again/);
  });

  it('a second process’s writer waits for the first one’s transaction, then writes', async () => {
    const problems: string[] = [];
    const s = journal({ busyTimeoutMs: 20_000, onProblem: (m) => problems.push(m) });
    // A plain node child holds the write lock over a transaction that commits 300 ms later.
    const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    const script = `
      const Db = require(${JSON.stringify(sqlite)});
      const db = new Db(${JSON.stringify(s.path)});
      db.exec('BEGIN IMMEDIATE');
      db.prepare("INSERT INTO orders (order_ref, kind, time, order_id, client_oid, category, symbol, detail) VALUES ('o', 'placed', 1, 'o', '', 'SPOT', 'X', 'child')").run();
      process.stdout.write('locked\\n');
      setTimeout(() => { db.exec('COMMIT'); db.close(); process.stdout.write('committed\\n'); }, 300);`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('locked')) resolve();
      });
    });
    s.record({ fills: [makeFill({ execId: 'waited' })] });
    await s.flush();
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    await exited;
    expect(out).toBe('locked\ncommitted\n');
    expect(problems).toEqual([]);
    expect(s.counts()).toMatchObject({ fills: 1, orders: 1 });
  });
});

describe('a full disk', () => {
  it('is reported once with a clear line; record() never throws; the rows wait in memory', async () => {
    const problems: string[] = [];
    const s = journal({ maxPages: 40, onProblem: (m) => problems.push(m) });
    const many = Array.from({ length: 3000 }, (_, k) => makeFill({ execId: `full-${k}`, clientOid: 'c'.repeat(40), time: makeFill().time + k }));
    expect(() => s.record({ fills: many })).not.toThrow();
    await s.flush();
    expect(() => s.record({ fills: [makeFill({ execId: 'one-more' })] })).not.toThrow();
    await s.flush();
    expect(problems).toEqual([`journal: cannot write ${s.path}: the disk is full (SQLITE_FULL); 3000 row(s) kept in memory and retried, trading goes on`]);
    expect(s.counts().fills).toBe(0);
    await s.close();
    expect(problems[1]).toBe(`journal: 3001 row(s) could not be written to ${s.path} before closing`);
  });
});
