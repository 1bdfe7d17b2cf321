import { Box, renderToString, Text } from 'ink';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { INK_PATCH_REVISION, INK_VERSION, inkPatch, inkPatchProblem, installedInkVersion, loadedInkPatch, type BoundedCache } from './ink-patch.js';

const patch = inkPatch();
const limits = { measure: patch.measureCache.limit, wrap: patch.wrapCache.limit };
afterEach(() => {
  patch.measureCache.limit = limits.measure;
  patch.wrapCache.limit = limits.wrap;
});

/** Renders `count` frames of new texts (as a live screen does), recording `cache`'s size after each. */
function sizesWhileRendering(cache: BoundedCache, count: number, frame: (i: number) => ReactElement): number[] {
  const sizes: number[] = [];
  for (let i = 0; i < count; i += 1) {
    renderToString(frame(i), { columns: 40 });
    sizes.push(cache.map.size);
  }
  return sizes;
}

describe('the Ink patch (patches/ink+7.1.1.patch)', () => {
  it('is in place on the installed Ink, of the pinned version', () => {
    expect(installedInkVersion()).toBe(INK_VERSION);
    expect(inkPatchProblem()).toBeNull();
    expect(patch.revision).toBe(INK_PATCH_REVISION);
    expect(patch.measureCache.limit).toBe(4000);
    expect(patch.wrapCache.limit).toBe(4000);
  });

  it('refuses another Ink, a missing patch or another revision, in one line that says to run npm install', () => {
    const problems = [inkPatchProblem(null, loadedInkPatch()), inkPatchProblem('7.2.0', loadedInkPatch()), inkPatchProblem(INK_VERSION, null), inkPatchProblem(INK_VERSION, { ...patch, revision: INK_PATCH_REVISION + 1 })];
    expect(problems[0]).toMatch(/^Ink is not installed: run npm install/);
    expect(problems[1]).toMatch(/^Ink is not patched: run npm install .*ink 7\.2\.0 is installed$/);
    expect(problems[2]).toMatch(/^Ink is not patched: run npm install .*the patch is missing$/);
    expect(problems[3]).toMatch(/^Ink is not patched: run npm install .*revision 2, not 1$/);
    for (const p of problems) expect(p).not.toMatch(/\n/);
  });

  it('empties the measure cache when it holds `limit` texts, however many texts Ink measures', () => {
    patch.measureCache.limit = 30;
    const sizes = sizesWhileRendering(patch.measureCache, 200, (i) => <Text>{`97${String(i).padStart(4, '0')}.5  0.${i}`}</Text>);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(30);
    // It filled up and was emptied (a size falls back) rather than staying empty.
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(25);
    expect(sizes.some((size, i) => i > 0 && size < (sizes[i - 1] ?? 0))).toBe(true);
  });

  it('empties the wrap cache when it holds `limit` entries', () => {
    patch.wrapCache.limit = 20;
    const sizes = sizesWhileRendering(patch.wrapCache, 120, (i) => (
      <Box width={12}>
        <Text wrap="truncate-end">{`a line too long for the box ${i}`}</Text>
      </Box>
    ));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(20);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(15);
    expect(sizes.some((size, i) => i > 0 && size < (sizes[i - 1] ?? 0))).toBe(true);
  });

  it('still measures and wraps as Ink does', () => {
    patch.measureCache.limit = 2;
    patch.wrapCache.limit = 2;
    const frame = () => (
      <Box flexDirection="column" width={10}>
        <Text>{'価格 ok'}</Text>
        <Text wrap="truncate-end">{'0123456789abc'}</Text>
        <Text>{'wrap this text please'}</Text>
      </Box>
    );
    const first = renderToString(frame(), { columns: 40 });
    expect(first.split('\n')).toEqual(['価格 ok', '012345678…', 'wrap this', 'text', 'please']);
    // Drawn again with emptied caches: the same frame.
    expect(renderToString(frame(), { columns: 40 })).toBe(first);
  });
});
