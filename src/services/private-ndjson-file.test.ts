import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDirs, PrivateNdjsonFile } from './private-ndjson-file.js';

describe('PrivateNdjsonFile', () => {
  it('narrows an existing file to 0600, redacts every line, appends or starts afresh, and drops writes once closed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'utadash-ndjson-'));
    const path = join(dir, 'nested', 'a.ndjson');
    const redact = (t: string) => t.split('s3cret').join('[redacted]');
    const a = new PrivateNdjsonFile({ path, flags: 'a', makeDir: true, redact, afterFailure: 'continue' });
    a.write({ n: 1, key: 's3cret' });
    a.close();
    a.write({ n: 2 });
    chmodSync(path, 0o644);
    const again = new PrivateNdjsonFile({ path, flags: 'a', afterFailure: 'continue' });
    again.write({ n: 3 });
    again.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toBe('{"n":1,"key":"[redacted]"}\n{"n":3}\n');
    const rec = join(dir, 'rec.ndjson');
    writeFileSync(rec, 'old\n', { mode: 0o644 });
    const fresh = new PrivateNdjsonFile({ path: rec, flags: 'w', afterFailure: 'stop' });
    fresh.write({ n: 4 });
    fresh.close();
    expect(readFileSync(rec, 'utf8')).toBe('{"n":4}\n');
    expect(statSync(rec).mode & 0o777).toBe(0o600);
  });

  it('throws the file system error when it cannot open (no directory, not asked to make it)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'utadash-ndjson-'));
    expect(() => new PrivateNdjsonFile({ path: join(dir, 'missing', 'x.ndjson'), flags: 'w', afterFailure: 'stop' })).toThrow(/ENOENT/);
  });
});

describe('makeDirs', () => {
  it('creates missing parents (mode 0700) and accepts an existing directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'utadash-dirs-'));
    const deep = join(dir, 'a', 'b', 'c');
    makeDirs(deep);
    makeDirs(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(statSync(join(dir, 'a')).mode & 0o777).toBe(0o700);
  });

  it('throws ENOTDIR when a file is in the way', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'utadash-dirs-')), 'file');
    writeFileSync(file, 'x');
    expect(() => makeDirs(file)).toThrow(/ENOTDIR/);
    expect(() => makeDirs(join(file, 'sub', 'deeper'))).toThrow(/ENOTDIR/);
  });

  it.skipIf(process.platform !== 'linux')('ends where mkdir answers ENOENT under an existing parent (/proc), where Node 20 loops', () => {
    expect(() => makeDirs('/proc/utadash-nope/dir')).toThrow(/ENOENT/);
  });
});
