/** The state of `root`/dist: no finished build, one older than a source file in `root`/src, or current. */
export type BuildState = 'missing' | 'stale' | 'current';

/** The state of `root`/dist against `root`/src (`root` ends with a slash). */
export function buildState(root: string): BuildState;

/** True when `root`/dist holds a finished build at least as new as every source file in `root`/src (`root` ends with a slash). */
export function buildIsCurrent(root: string): boolean;
