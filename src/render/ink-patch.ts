import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { StyledChar } from '@alcalzone/ansi-tokenize';
import * as ink from 'ink';

/**
 * The one change we make to Ink: patches/ink+7.1.1.patch, applied by patch-package at install
 * (`postinstall`), so the sources (tsx), the unbundled dist/ and the bundle all render with the same
 * patched Ink. It
 * - lets the app build a frame's rows itself: `Output.get()` returns `utadashPatch.rowBuilder(output)`
 *   when one is set (ink-output-rows.ts), instead of a swap of Ink's prototype at run time;
 * - bounds Ink's text-measure and text-wrap caches (emptied at `limit` entries): a live screen's
 *   texts change with the market, and the unbounded caches grew by megabytes a minute;
 * - measures text nodes through that cache while rendering, not with string-width every frame
 *   (~9 % of the app's CPU at 160x48);
 * - exports `utadashPatch` from Ink's index, which this module checks before the app starts.
 */

/** The Ink release the patch is made for (package.json pins it exactly). */
export const INK_VERSION = '7.1.1';

/** The patch revision this code expects (`utadashPatch.revision` in ink/build/output.js). */
export const INK_PATCH_REVISION = 1;

/** A function Ink applies to each line a node writes (colour, styles). */
export type Transformer = (line: string, index: number) => string;

/** A clip region of Ink's `Output` (columns and rows; a missing pair means no clip on that axis). */
export interface ClipBox {
  readonly x1?: number;
  readonly x2?: number;
  readonly y1?: number;
  readonly y2?: number;
}

/** One recorded drawing operation of Ink's `Output`. */
export type Operation =
  | { readonly type: 'write'; readonly x: number; readonly y: number; readonly text: string; readonly transformers: readonly Transformer[] }
  | { readonly type: 'clip'; readonly clip: ClipBox }
  | { readonly type: 'unclip' };

/** Ink's per-`Output` caches of tokenized lines and widths (ink/build/output.js). */
export interface InkCaches {
  readonly styledChars: Map<string, unknown>;
  readonly widths: Map<string, number>;
  readonly blockWidths: Map<string, number>;
  getStyledChars(line: string): StyledChar[];
  getStringWidth(text: string): number;
  getWidestLine(text: string): number;
}

/** A frame as Ink's `Output.get` returns it: the rows joined by line feeds, and the row count. */
export interface InkFrame {
  readonly output: string;
  readonly height: number;
}

/** Ink's `Output`: the operations of one frame (width and height in cells). */
export interface InkOutput {
  readonly width: number;
  readonly height: number;
  readonly operations: Operation[];
  readonly caches: InkCaches;
  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void;
  clip(clip: ClipBox): void;
  unclip(): void;
  get(): InkFrame;
}

/** A cache of the patch: emptied when it holds `limit` entries. */
export interface BoundedCache {
  /** The entries (text → size, or key → wrapped text). */
  readonly map: Map<string, unknown>;
  /** Entries kept before the map is emptied; the patch's default is 4000. */
  limit: number;
}

/** What the patch exports from Ink's index as `utadashPatch`. */
export interface InkPatch {
  /** The patch's revision (INK_PATCH_REVISION). */
  readonly revision: number;
  /** Builds the frame in place of `Output.get`'s own algorithm when set; default unset. */
  rowBuilder: ((output: InkOutput) => InkFrame) | undefined;
  /** Ink's `Output` class. */
  readonly Output: new (options: { width: number; height: number }) => InkOutput;
  /** measure-text.js's cache (text → width and height). */
  readonly measureCache: BoundedCache;
  /** wrap-text.js's cache (text, width and wrap mode → wrapped text). */
  readonly wrapCache: BoundedCache;
}

function isBoundedCache(v: unknown): v is BoundedCache {
  return typeof v === 'object' && v !== null && (v as { map?: unknown }).map instanceof Map && typeof (v as { limit?: unknown }).limit === 'number';
}

function isInkPatch(v: unknown): v is InkPatch {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  return typeof p.revision === 'number' && typeof p.Output === 'function' && isBoundedCache(p.measureCache) && isBoundedCache(p.wrapCache);
}

/** The version in the installed Ink's package.json, or null when it cannot be read. */
export function installedInkVersion(): string | null {
  try {
    // Ink's exports name no package.json: go from its entry (build/index.js) up one folder.
    const entry = createRequire(import.meta.url).resolve('ink');
    const pkg = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : null;
  } catch {
    return null;
  }
}

/** The `utadashPatch` export of the Ink this process loaded; undefined without the patch. */
export function loadedInkPatch(): unknown {
  return (ink as unknown as { utadashPatch?: unknown }).utadashPatch;
}

/**
 * Why the app must not start with this Ink (one line, saying how to fix it), or null when `version`
 * is INK_VERSION and `patch` is the patch of INK_PATCH_REVISION. Defaults: the installed Ink.
 */
export function inkPatchProblem(version: string | null = installedInkVersion(), patch: unknown = loadedInkPatch()): string | null {
  const fix = `run npm install (utadash needs ink ${INK_VERSION} with patches/ink+${INK_VERSION}.patch)`;
  if (version === null) return `Ink is not installed: ${fix}`;
  if (version !== INK_VERSION) return `Ink is not patched: ${fix}; ink ${version} is installed`;
  if (!isInkPatch(patch)) return `Ink is not patched: ${fix}; the patch is missing`;
  if (patch.revision !== INK_PATCH_REVISION) return `Ink is not patched: ${fix}; the patch installed is revision ${patch.revision}, not ${INK_PATCH_REVISION}`;
  return null;
}

/** The patch of the loaded Ink; throws when it is not in place (start checks call `inkPatchProblem` first). */
export function inkPatch(): InkPatch {
  const patch = loadedInkPatch();
  if (!isInkPatch(patch)) throw new Error(inkPatchProblem() ?? 'Ink is not patched: run npm install');
  return patch;
}
