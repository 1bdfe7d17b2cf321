// Whether dist/ holds a build as new as the sources. bin/utadash.mjs runs the build only when it is
// current (and says what to do when not); scripts/ensure-build.mjs (`npm start`'s prestart, the
// build-first tests) builds when it is not.
import { existsSync, readdirSync, statSync } from 'node:fs';

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
 * The state of `root`/dist (`root` ends with a slash): 'missing' when it holds no finished build
 * (`npm run build` writes dist/.built last), 'stale' when a file in `root`/src is newer than that
 * build (an edit since), else 'current' (also when there is no src/ to compare with).
 */
export function buildState(root) {
  let built;
  try {
    built = statSync(`${root}dist/.built`).mtimeMs;
  } catch {
    return 'missing';
  }
  if (!existsSync(`${root}src`)) return 'current';
  return built >= newestSource(`${root}src`) ? 'current' : 'stale';
}

/** True when `root`/dist holds a finished build at least as new as every source file in `root`/src. */
export function buildIsCurrent(root) {
  return buildState(root) === 'current';
}
