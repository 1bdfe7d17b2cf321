import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MONOCHROME, parseTheme, type Theme } from '../ui/theme.js';
import { UsageError } from './args.js';
import { packageRoot } from './package-root.js';

/** Theme names shipped in themes/. */
export const THEMES = ['dark', 'light', 'high-contrast', 'monochrome'] as const;

/**
 * Loads `themes/NAME.json`. NO_COLOR (any value) forces monochrome unless a theme is named
 * explicitly. Throws a UsageError naming the choices for an unknown theme (one line on stderr,
 * exit 2, as every other usage mistake).
 */
export function loadTheme(name: string | null, env: NodeJS.ProcessEnv): Theme {
  if (name === null && env.NO_COLOR !== undefined && env.NO_COLOR !== '') return MONOCHROME;
  const chosen = name ?? 'dark';
  if (!(THEMES as readonly string[]).includes(chosen)) throw new UsageError(`unknown theme "${chosen}" (choose ${THEMES.join(', ')})`);
  const text = readFileSync(join(packageRoot(), 'themes', `${chosen}.json`), 'utf8');
  return parseTheme(chosen, JSON.parse(text));
}
