import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** What the dashboard remembers between runs (no secrets: a theme name). */
export interface Prefs {
  readonly theme?: string;
}

/** Reads the prefs file; a missing or unreadable file is no prefs (never an error at start). */
export function readPrefs(path: string): Prefs {
  try {
    const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof data !== 'object' || data === null) return {};
    const theme = (data as Record<string, unknown>)['theme'];
    return typeof theme === 'string' ? { theme } : {};
  } catch {
    return {};
  }
}

/** Writes the prefs file (mode 600, its directory created); returns the problem, or null. */
export function writePrefs(path: string, prefs: Prefs): string | null {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(prefs)}\n`, { mode: 0o600 });
    chmodSync(path, 0o600);
    return null;
  } catch (error: unknown) {
    return error instanceof Error ? error.message : String(error);
  }
}
