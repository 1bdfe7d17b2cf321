/** True when `root`/dist holds a finished build at least as new as every source file in `root`/src (`root` ends with a slash). */
export function buildIsCurrent(root: string): boolean;
