import type { Binding } from '../binding-types.js';

/** Commands of the account area (dotted ids; namespace = area). */
export const ACCOUNT_COMMANDS = {} as const;

/** Bindings of the account area. */
export const ACCOUNT_BINDINGS: readonly Binding[] = [];
