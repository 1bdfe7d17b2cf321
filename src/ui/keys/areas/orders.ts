import type { Binding } from '../binding-types.js';

/** Commands of the orders area (dotted ids; namespace = area). */
export const ORDERS_COMMANDS = {} as const;

/** Bindings of the orders area. */
export const ORDERS_BINDINGS: readonly Binding[] = [];
