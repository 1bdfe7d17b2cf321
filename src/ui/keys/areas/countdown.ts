import type { Binding } from '../binding-types.js';

/** Commands of the countdown area (dotted ids; namespace = area). */
export const COUNTDOWN_COMMANDS = {} as const;

/** Bindings of the countdown area. */
export const COUNTDOWN_BINDINGS: readonly Binding[] = [];
