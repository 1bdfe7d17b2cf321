import type { Binding } from '../binding-types.js';

/** Commands of the positions area (dotted ids; namespace = area). */
export const POSITIONS_COMMANDS = {} as const;

/** Bindings of the positions area. */
export const POSITIONS_BINDINGS: readonly Binding[] = [];
