import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * What the dashboard remembers between runs (no secrets): a theme name, and the alert rules added
 * in the app, in the config file's `alerts.rules` shape (`{"alerts": {"rules": [...]}}`), read back
 * by its rule parser at start.
 */
export interface Prefs {
  readonly theme?: string;
  /** The alert rules added in the app; each one is checked by the config file's rule parser at start (a bad one is skipped). */
  readonly alerts?: { readonly rules: readonly unknown[] };
}

/** Reads the prefs file; a missing or unreadable file is no prefs (never an error at start). */
export function readPrefs(path: string): Prefs {
  try {
    const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof data !== 'object' || data === null) return {};
    const { theme, alerts } = data as Record<string, unknown>;
    const rules = typeof alerts === 'object' && alerts !== null ? (alerts as Record<string, unknown>)['rules'] : undefined;
    return { ...(typeof theme === 'string' ? { theme } : {}), ...(Array.isArray(rules) ? { alerts: { rules: rules as unknown[] } } : {}) };
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

/** Changes some prefs and keeps the others (the file read again first); returns the problem, or null. */
export function updatePrefs(path: string, change: Prefs): string | null {
  return writePrefs(path, { ...readPrefs(path), ...change });
}
