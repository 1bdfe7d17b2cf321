import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPrefs, updatePrefs, writePrefs } from './prefs.js';

function tempPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'utadash-prefs-')), 'state', 'prefs.json');
}

describe('prefs', () => {
  it('remembers a theme in a file only its owner reads; a missing or broken file is no prefs', () => {
    const path = tempPath();
    expect(readPrefs(path)).toEqual({});
    expect(writePrefs(path, { theme: 'light' })).toBeNull();
    expect(readPrefs(path)).toEqual({ theme: 'light' });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    writeFileSync(path, '{not json');
    expect(readPrefs(path)).toEqual({});
  });

  it('keeps the alert rules added in the app as alerts.rules beside the theme; each update keeps the other prefs', () => {
    const path = tempPath();
    const rules = [{ kind: 'price', category: 'SPOT', symbol: 'ETHUSDT', source: 'last', below: '2500', bandPct: '0.1' }];
    expect(updatePrefs(path, { theme: 'light' })).toBeNull();
    expect(updatePrefs(path, { alerts: { rules } })).toBeNull();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ theme: 'light', alerts: { rules } });
    expect(updatePrefs(path, { theme: 'dark' })).toBeNull();
    expect(readPrefs(path)).toEqual({ theme: 'dark', alerts: { rules } });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    // Rules are handed on as written (the alert rule parser checks them at start); a non-list is no rules.
    writeFileSync(path, JSON.stringify({ alerts: { rules: [{ kind: 'nope' }] } }));
    expect(readPrefs(path)).toEqual({ alerts: { rules: [{ kind: 'nope' }] } });
    writeFileSync(path, JSON.stringify({ alerts: { rules: 'x' } }));
    expect(readPrefs(path)).toEqual({});
  });
});
