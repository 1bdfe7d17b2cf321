// Whether dist/ holds a build as new as the sources: bin/utadash.mjs runs the build when it is,
// the sources through tsx when not (and the shipped-build test builds first when not).
import { readdirSync, statSync } from 'node:fs';

/** Newest modification time (ms) of the source files below `dir`, skipping tests; 0 when there are none. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * True when `root`/dist holds a finished build (`npm run build` writes dist/.built last) at least as
 * new as every source file in `root`/src. `root` ends with a slash.
 */
export function buildIsCurrent(root) {
  try {
    return statSync(`${root}dist/.built`).mtimeMs >= newestSource(`${root}src`);
  } catch {
    return false;
  }
}
