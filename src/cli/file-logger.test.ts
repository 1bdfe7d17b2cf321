import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLogFile, createFileLogger, LogFileError, Redactor } from './file-logger.js';

describe('file logger', () => {
  it('never writes a registered secret or a secret-named field', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'utadash-log-')), 'sub', 'u.log');
    const r = new Redactor();
    r.add('bg_live_key_123', 'super-secret-xyz', 'passphrase-9');
    const log = createFileLogger(path, r, 'debug');
    log.error('login failed for bg_live_key_123 with super-secret-xyz', { headers: { 'ACCESS-SIGN': 'abc=', 'ACCESS-PASSPHRASE': 'passphrase-9' }, nested: ['x super-secret-xyz'] });
    log.debug('plain', { price: '100.5' });
    const text = readFileSync(path, 'utf8');
    expect(text).not.toMatch(/bg_live_key_123|super-secret-xyz|passphrase-9|abc=/);
    expect(text).toContain('[redacted]');
    expect(text.trim().split('\n')).toHaveLength(2);
    expect(text).toContain('"price":"100.5"');
  });
  it('drops entries below the level and survives an unwritable path', () => {
    const r = new Redactor();
    // A regular file where the log's directory should be: mkdir fails with ENOTDIR.
    // (Not /proc: Node 20's recursive mkdirSync spins forever there.)
    const blocker = join(mkdtempSync(join(tmpdir(), 'utadash-log-')), 'file');
    writeFileSync(blocker, 'x');
    const log = createFileLogger(join(blocker, 'sub', 'u.log'), r, 'warn');
    expect(() => log.error('x')).not.toThrow();
    log.debug('below the level');
  });
  it('checkLogFile creates the directory and file, and refuses an unwritable path naming it and the reason', () => {
    const dir = mkdtempSync(join(tmpdir(), 'utadash-log-'));
    const path = join(dir, 'state', 'u.log');
    checkLogFile(path);
    expect(readFileSync(path, 'utf8')).toBe('');
    const blocker = join(dir, 'file');
    writeFileSync(blocker, 'x');
    const bad = join(blocker, 'sub', 'u.log');
    expect(() => checkLogFile(bad)).toThrow(LogFileError);
    expect(() => checkLogFile(bad)).toThrow(`cannot write the log file ${bad}: ENOTDIR: not a directory`);
  });
});
