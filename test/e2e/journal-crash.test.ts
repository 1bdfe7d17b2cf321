import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openJournal } from '../../src/journal/journal-db.js';

/**
 * Issue 19, "a crash or kill -9 mid-write loses nothing already committed and never corrupts the
 * file". Description: a writer process records batches of fills (plus an equity sample) into a
 * journal, one transaction per batch, and says `writing N` before and `committed N` after each.
 * Setup: a scratch journal file; the writer is test/fixtures/journal/writer-child.ts, run through
 * tsx. Run: as soon as it says `writing N` for its fourth batch, SIGKILL; reopen the file:
 * `PRAGMA integrity_check` is ok, every batch it reported committed is there whole, every other
 * batch is there whole or not at all (a transaction), and the PnL rollups agree with the rows. Then
 * a second writer goes on in the same file, and is killed the same way.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHILD = join(ROOT, 'test/fixtures/journal/writer-child.ts');
/** Fills per batch: a transaction long enough (tens of ms) for the kill to land inside it. */
const BATCH = 5000;

const dir = mkdtempSync(join(tmpdir(), 'utadash-journal-crash-'));
const file = join(dir, 'journal.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a writer from batch `first`; SIGKILLs it when it starts writing batch `first + 3`. Returns what it reported. */
async function writeAndKill(first: number): Promise<{ committed: number[]; writing: number[]; exit: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file, String(BATCH), String(first)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const committed: number[] = [];
  const writing: number[] = [];
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let buffer = '';
  child.stdout.on('data', (d: Buffer) => {
    buffer += d.toString();
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const [word, n] = buffer.slice(0, nl).split(' ');
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf('\n');
      if (word === 'committed') committed.push(Number(n));
      if (word === 'writing') {
        writing.push(Number(n));
        if (Number(n) === first + 3) child.kill('SIGKILL');
      }
    }
  });
  const exit = await new Promise<string>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? `exit ${String(code)}: ${stderr}`)));
  return { committed, writing, exit };
}

/** Batch number → fills of it in the file. */
function fillsPerBatch(): Map<number, number> {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const rows = db.prepare("SELECT CAST(substr(exec_id, 2, instr(exec_id, '-') - 2) AS INTEGER) AS batch, count(*) AS n FROM fills GROUP BY batch").all() as { batch: number; n: number }[];
    return new Map(rows.map((r) => [r.batch, r.n]));
  } finally {
    db.close();
  }
}

describe('a writer killed with SIGKILL mid-batch', () => {
  it('leaves an intact file holding every committed batch whole, and no half batch', async () => {
    let next = 0;
    for (const round of [1, 2]) {
      const run = await writeAndKill(next);
      expect(run.exit, `round ${round}`).toBe('SIGKILL');
      expect(run.committed.length, `round ${round}: batches committed before the kill`).toBeGreaterThanOrEqual(3);
      const batches = fillsPerBatch();
      for (const n of run.committed) expect(batches.get(n), `round ${round}, committed batch ${n}`).toBe(BATCH);
      for (const [n, count] of batches) expect(count, `batch ${n} is whole or absent`).toBe(BATCH);
      const inFlight = run.writing.at(-1) ?? -1;
      expect([...batches.keys()].every((n) => n <= inFlight)).toBe(true);
      // Reopened through the journal: the rows, the equity samples and the PnL rollups agree.
      const store = openJournal({ path: file, identity: { mode: 'demo', account: 'crash' }, mustExist: true });
      const counts = store.counts();
      expect(counts.fills).toBe(batches.size * BATCH);
      expect(counts.equity).toBe(batches.size);
      const bySymbol = store.pnlBy('symbol', { from: 0, to: Number.MAX_SAFE_INTEGER });
      expect(bySymbol.reduce((sum, b) => sum + b.fills, 0)).toBe(counts.fills);
      await store.close();
      process.stdout.write(`journal-crash round ${round}: ${run.committed.length} batch(es) committed; batch ${inFlight} in flight at the kill ${batches.has(inFlight) ? 'had committed' : 'left nothing'}\n`);
      next = inFlight + 1;
    }
  }, 120_000);
});
