import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTheme, ThemeError } from './theme.js';

const dir = new URL('../../themes/', import.meta.url);

describe('themes', () => {
  it('ships dark, light, high-contrast and monochrome, each valid', () => {
    const names = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
    expect(names).toEqual(expect.arrayContaining(['dark', 'light', 'high-contrast', 'monochrome']));
    for (const n of names) expect(parseTheme(n, JSON.parse(readFileSync(new URL(`${n}.json`, dir), 'utf8'))).name).toBe(n);
  });
  it('names the bad field', () => {
    expect(() => parseTheme('x', { text: 'white' })).toThrow(ThemeError);
    expect(() => parseTheme('x', { text: 'white' })).toThrow('"muted" must be a colour');
  });
});
