import type { Binding } from '../binding-types.js';

/** Commands of the palette area (dotted ids; namespace = area). */
export const PALETTE_COMMANDS = {} as const;

/** Bindings of the palette area. */
export const PALETTE_BINDINGS: readonly Binding[] = [];
