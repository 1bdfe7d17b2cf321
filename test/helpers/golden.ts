/**
 * Golden examples: the request and response examples of Bitget's official pages, kept as our own
 * fixtures in `test/fixtures/golden/<operation id>.json` (values exactly as the page prints them).
 * Loaded here, with the JSON-shape comparison the conformance tests use.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isOperationId, type OperationId } from '../../src/exchange/wire/operations.js';

/** One golden example file. */
export interface Golden {
  readonly operation: OperationId;
  /** The official page the example is from. */
  readonly page: string;
  readonly request: {
    readonly method: 'GET' | 'POST';
    readonly path: string;
    /** GET parameters, decoded, as strings; null when none. */
    readonly query: Readonly<Record<string, string>> | null;
    /** POST body (object or array); null for a GET. */
    readonly body: unknown;
  } | null;
  readonly response: { readonly code: string; readonly msg: string; readonly requestTime: number; readonly data: unknown } | null;
  readonly note?: string;
}

const DIR = new URL('../fixtures/golden/', import.meta.url);

/** Every golden example, by file name order. */
export function loadGoldens(): Golden[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const g = JSON.parse(readFileSync(new URL(f, DIR), 'utf8')) as Golden;
      if (!isOperationId(g.operation) || `${g.operation}.json` !== f) throw new Error(`golden ${f}: "operation" must be the file's operation id`);
      return g;
    });
}

/** The official page's reply `data` for operation `id`; throws when there is no golden reply. */
export function goldenReplyData(id: string): unknown {
  const g = loadGoldens().find((x) => x.operation === id);
  if (!g?.response) throw new Error(`no golden response for ${id}`);
  return g.response.data;
}

/** The request's parameters: the query of a GET, the body of a POST. */
export function paramsOf(g: Golden): unknown {
  if (g.request === null) return undefined;
  return g.request.method === 'GET' ? (g.request.query ?? {}) : g.request.body;
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function keysOfAll(items: readonly unknown[]): Set<string> {
  const keys = new Set<string>();
  for (const item of items) if (kindOf(item) === 'object') for (const k of Object.keys(item as object)) keys.add(k);
  return keys;
}

/**
 * Where `actual` differs in JSON shape from `golden`: the same keys, the same JSON types, the same
 * nesting. A `null` in the golden matches anything (pages print null for "no value"); a list's
 * items are compared as the union of their keys, each key by its first value that is not null.
 * Returns one line per difference, e.g. `data.list[].execType: missing`.
 */
export function shapeDiff(golden: unknown, actual: unknown, path = 'data'): string[] {
  const gk = kindOf(golden);
  const ak = kindOf(actual);
  if (gk === 'null') return [];
  if (gk !== ak) return [`${path}: page has ${gk}, got ${ak}`];
  if (gk === 'array') {
    const g = golden as unknown[];
    const a = actual as unknown[];
    if (g.length === 0) return [];
    if (a.length === 0) return [`${path}[]: page has items, got an empty list`];
    const gItems = g.filter((x) => x !== null);
    const aItems = a.filter((x) => x !== null);
    if (kindOf(gItems[0]) !== 'object') return shapeDiff(gItems[0], aItems[0], `${path}[]`);
    return objectDiff(mergeItems(gItems), mergeItems(aItems), `${path}[]`);
  }
  if (gk === 'object') return objectDiff(golden as Record<string, unknown>, actual as Record<string, unknown>, path);
  return [];
}

/** One record holding every key of the items, each with its first non-null value. */
function mergeItems(items: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keysOfAll(items)) {
    const values = items.map((i) => (kindOf(i) === 'object' ? (i as Record<string, unknown>)[k] : undefined));
    out[k] = values.find((v) => v !== null && v !== undefined) ?? null;
  }
  return out;
}

function objectDiff(g: Record<string, unknown>, a: Record<string, unknown>, path: string): string[] {
  const out: string[] = [];
  for (const k of Object.keys(g)) {
    if (!(k in a)) out.push(`${path}.${k}: missing`);
    else out.push(...shapeDiff(g[k], a[k], `${path}.${k}`));
  }
  for (const k of Object.keys(a)) if (!(k in g)) out.push(`${path}.${k}: not on the page`);
  return out;
}
