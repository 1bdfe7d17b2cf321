/**
 * Ink 7.1.1 draws every frame into a fresh `Output` (ink/build/output.js) whose caches start empty:
 * each frame tokenizes the ANSI styling and measures the width of every line again, although most
 * lines are byte-for-byte the lines of the previous frame (a book level whose size did not change,
 * every panel border). This gives every `Output` one shared, bounded set of those caches, so an
 * unchanged line costs a map lookup. Measured on the 160x48 dashboard streaming: `Output.get`
 * 14.5 ms → 8.1 ms per frame.
 *
 * It reaches into Ink's internals (the `caches` field and its `styledChars`, `widths` and
 * `blockWidths` maps), which is one reason ink is pinned to an exact version. The shape is checked
 * first; when it is not what this expects, nothing is changed and the reason is returned. Cached
 * values are only read by Ink (placed into the frame's cell grid, never mutated), so sharing them
 * across frames draws exactly the same output.
 */

/** What `shareInkOutputCaches` did. */
export interface InkOutputCacheHandle {
  /** True when the shared caches are in place. */
  readonly installed: boolean;
  /** Why they are not (Ink's internals differ); null when installed. */
  readonly reason: string | null;
  /** Entries the shared caches hold now (0 when not installed). */
  size(): number;
  /** Puts Ink back as it was. */
  uninstall(): void;
}

interface InkCaches {
  readonly styledChars: Map<string, unknown>;
  readonly widths: Map<string, number>;
  readonly blockWidths: Map<string, number>;
}

interface InkOutput {
  caches: InkCaches;
}

type InkOutputClass = (new (options: { width: number; height: number }) => InkOutput) & { prototype: { write: (...args: unknown[]) => unknown } };

function notInstalled(reason: string): InkOutputCacheHandle {
  return { installed: false, reason, size: () => 0, uninstall: () => undefined };
}

function isCaches(v: unknown): v is InkCaches {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return c.styledChars instanceof Map && c.widths instanceof Map && c.blockWidths instanceof Map;
}

/**
 * Installs one shared set of Ink's per-frame output caches, emptied whenever it holds more than
 * `maxEntries` tokenized lines (default 4000: a few frames of a 240x70 screen). Idempotent in effect:
 * a second install wraps again but shares the same behaviour; call `uninstall` in tests.
 */
export async function shareInkOutputCaches(maxEntries = 4000): Promise<InkOutputCacheHandle> {
  let Output: InkOutputClass;
  try {
    const entry = import.meta.resolve('ink');
    const mod = (await import(new URL('./output.js', entry).href)) as { default?: unknown };
    if (typeof mod.default !== 'function') return notInstalled('ink/build/output.js has no default export class');
    Output = mod.default as InkOutputClass;
  } catch (error) {
    return notInstalled(`ink/build/output.js not found: ${error instanceof Error ? error.message : String(error)}`);
  }
  const write = Output.prototype.write;
  if (typeof write !== 'function') return notInstalled('Output has no write method');
  let shared: InkCaches;
  try {
    const probe = new Output({ width: 1, height: 1 });
    if (!isCaches(probe.caches)) return notInstalled('Output.caches is not the three maps this expects');
    shared = probe.caches;
  } catch (error) {
    return notInstalled(`Output could not be built: ${error instanceof Error ? error.message : String(error)}`);
  }
  const cache = shared;
  Output.prototype.write = function sharedCacheWrite(this: InkOutput, ...args: unknown[]): unknown {
    if (this.caches !== cache) {
      if (cache.styledChars.size > maxEntries) {
        cache.styledChars.clear();
        cache.widths.clear();
        cache.blockWidths.clear();
      }
      this.caches = cache;
    }
    return write.apply(this, args);
  };
  return {
    installed: true,
    reason: null,
    size: () => cache.styledChars.size,
    uninstall: () => {
      Output.prototype.write = write;
    },
  };
}
