import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPrefs, writePrefs } from './prefs.js';

describe('prefs', () => {
  it('remembers a theme in a file only its owner reads; a missing or broken file is no prefs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'utadash-prefs-'));
    const path = join(dir, 'state', 'prefs.json');
    expect(readPrefs(path)).toEqual({});
    expect(writePrefs(path, { theme: 'light' })).toBeNull();
    expect(readPrefs(path)).toEqual({ theme: 'light' });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    writeFileSync(path, '{not json');
    expect(readPrefs(path)).toEqual({});
  });
});
