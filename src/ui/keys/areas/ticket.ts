import type { Binding } from '../binding-types.js';

/** Commands of the ticket area (dotted ids; namespace = area). */
export const TICKET_COMMANDS = {} as const;

/** Bindings of the ticket area. */
export const TICKET_BINDINGS: readonly Binding[] = [];
