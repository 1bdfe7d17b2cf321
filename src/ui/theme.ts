/** Semantic colours. Each value is an Ink colour (name or #hex); null means "no colour" (monochrome). */
export interface Theme {
  readonly name: string;
  readonly text: string | null;
  readonly muted: string | null;
  readonly accent: string | null;
  readonly border: string | null;
  /** Border of the focused panel. */
  readonly focus: string | null;
  readonly bid: string | null;
  readonly ask: string | null;
  readonly up: string | null;
  readonly down: string | null;
  readonly ok: string | null;
  readonly warn: string | null;
  readonly danger: string | null;
  /** Mode badges in the status bar. */
  readonly live: string | null;
  readonly paper: string | null;
  readonly demo: string | null;
}

/** The semantic colour names every theme file must define. */
export const THEME_KEYS = ['text', 'muted', 'accent', 'border', 'focus', 'bid', 'ask', 'up', 'down', 'ok', 'warn', 'danger', 'live', 'paper', 'demo'] as const;

/** A theme file that does not fit; the message names the field. */
export class ThemeError extends Error {
  override readonly name = 'ThemeError';
  readonly code = 'UI_THEME';
}

const COLOR = /^(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}|[a-zA-Z]+)$/;

/** Validates a parsed theme file (`themes/NAME.json`). */
export function parseTheme(name: string, raw: unknown): Theme {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ThemeError(`theme "${name}" must be a JSON object of colour names`);
  const r = raw as Record<string, unknown>;
  const out: Record<string, string | null> = {};
  for (const key of THEME_KEYS) {
    const v = r[key];
    if (v === null) out[key] = null;
    else if (typeof v === 'string' && COLOR.test(v)) out[key] = v;
    else throw new ThemeError(`theme "${name}": "${key}" must be a colour name, #rrggbb or null (got ${JSON.stringify(v)})`);
  }
  return { name, ...(out as Omit<Theme, 'name'>) };
}

/** No colours at all: for NO_COLOR and terminals without colour. Emphasis falls back to bold/inverse. */
export const MONOCHROME: Theme = {
  name: 'monochrome', text: null, muted: null, accent: null, border: null, focus: null, bid: null, ask: null,
  up: null, down: null, ok: null, warn: null, danger: null, live: null, paper: null, demo: null,
};
