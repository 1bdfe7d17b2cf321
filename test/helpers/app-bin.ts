import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from '../../bin/build-state.mjs';

/** The checkout's root, ending with a slash. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** bin/utadash.mjs: the command users run (`npm start`, the installed `utadash`). */
export const APP_BIN = `${ROOT}bin/utadash.mjs`;

/**
 * What a test that spawns `APP_BIN` adds to the app's environment so that it runs the current
 * sources: nothing when dist/ holds a build of them (what `npm install` leaves: the tests then run
 * the shipped bundle), else UTADASH_FROM_SOURCE=1 (src/ through tsx, a dev dependency, so always
 * there for tests). bin/utadash.mjs refuses an old or missing build instead of switching to the
 * sources by itself; this choice is the tests' own, made per start, and never builds from a test.
 */
export function currentSourcesEnv(): NodeJS.ProcessEnv {
  return buildIsCurrent(ROOT) ? {} : { UTADASH_FROM_SOURCE: '1' };
}
