import { readFileSync } from 'node:fs';
import { MONOCHROME, parseTheme, type Theme } from '../ui/theme.js';

/** Theme names shipped in themes/. */
export const THEMES = ['dark', 'light', 'high-contrast', 'monochrome'] as const;

/**
 * Loads `themes/NAME.json`. NO_COLOR (any value) forces monochrome unless a theme is named
 * explicitly. Throws a ThemeError naming the choices for an unknown theme.
 */
export function loadTheme(name: string | null, env: NodeJS.ProcessEnv): Theme {
  if (name === null && env.NO_COLOR !== undefined && env.NO_COLOR !== '') return MONOCHROME;
  const chosen = name ?? 'dark';
  if (!(THEMES as readonly string[]).includes(chosen)) throw new Error(`unknown theme "${chosen}" (choose ${THEMES.join(', ')})`);
  const text = readFileSync(new URL(`../../themes/${chosen}.json`, import.meta.url), 'utf8');
  return parseTheme(chosen, JSON.parse(text));
}
