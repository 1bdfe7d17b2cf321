import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding utadash's package.json (and themes/), found by walking up from this module.
 * The same module runs from src/cli (tsx), dist/cli (tsc) and dist/cli/bundle-chunks (the bundle's
 * chunks), so a path relative to it would differ by run mode.
 */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'themes'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error(`utadash: no package.json with themes/ above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
}
