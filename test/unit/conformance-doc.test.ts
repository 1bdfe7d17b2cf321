/**
 * docs/conformance.md cannot drift from the wire table: one row per operation in table order, each
 * with its current method and path, an official page address (or what was searched when none was
 * stored), a status of `matches`, `fixed: …` or `differs: <why>`, and test files that exist.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/exchange/wire/operations.js';

const DOC = readFileSync(new URL('../../docs/conformance.md', import.meta.url), 'utf8');

interface Row {
  readonly id: string;
  readonly request: string;
  readonly page: string;
  readonly status: string;
  readonly evidence: string;
  readonly pinnedBy: string;
}

/** The rows of the table under `## Operations`. */
function rows(): Row[] {
  const start = DOC.indexOf('\n## Operations');
  if (start < 0) throw new Error('docs/conformance.md has no "## Operations" section');
  const end = DOC.indexOf('\n## ', start + 1);
  const lines = DOC.slice(start, end < 0 ? undefined : end).split('\n').filter((l) => l.startsWith('| `'));
  return lines.map((l) => {
    const cells = l.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim());
    if (cells.length !== 6) throw new Error(`a row needs 6 cells, got ${cells.length}: ${l}`);
    const [id = '', request = '', page = '', status = '', evidence = '', pinnedBy = ''] = cells;
    return { id: id.replace(/`/g, ''), request: request.replace(/`/g, ''), page, status, evidence, pinnedBy };
  });
}

/** Every test file in the repository, by base name. */
const TEST_FILES = new Set(
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: new URL('../..', import.meta.url), encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => f.split('/').pop() ?? ''),
);

describe('docs/conformance.md', () => {
  const table = rows();

  it('has one row per operation of the wire table, in its order, with the current request', () => {
    expect(table.map((r) => r.id)).toEqual(OPERATIONS.map((op) => op.id));
    expect(table.map((r) => r.request)).toEqual(OPERATIONS.map((op) => `${op.method} ${op.path}`));
  });

  it('names the official page of each, or what was searched when none was stored', () => {
    const bad = table.filter((r) => !/https:\/\/www\.bitget\.com\/api-doc\//.test(r.page) && !/^not stored \(searched: .+\)/.test(r.page));
    expect(bad.map((r) => `${r.id}: ${r.page}`)).toEqual([]);
  });

  it('gives a status, and a reason for every difference kept', () => {
    const bad = table.filter((r) => !/^(matches|fixed: \S.{4,}|differs: \S.{4,})/.test(r.status));
    expect(bad.map((r) => `${r.id}: ${r.status}`)).toEqual([]);
    expect(table.filter((r) => r.evidence === '').map((r) => r.id)).toEqual([]);
  });

  it('pins each row with test files that exist', () => {
    const missing: string[] = [];
    for (const r of table) {
      const names = [...r.pinnedBy.matchAll(/[\w.-]+\.test\.tsx?/g)].map((m) => m[0]);
      if (names.length === 0) missing.push(`${r.id}: no test file named`);
      for (const n of names) if (!TEST_FILES.has(n)) missing.push(`${r.id}: ${n} does not exist`);
    }
    expect(missing).toEqual([]);
  });
});
