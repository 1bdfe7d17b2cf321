import type { Binding } from '../binding-types.js';

/** Commands of the render-stats area (dotted ids; namespace = area). */
export const STATS_COMMANDS = {
  STATS_TOGGLE: 'stats.toggle',
} as const;

/** Bindings of the render-stats area: `!` anywhere toggles the fps / bytes / render-time overlay. */
export const STATS_BINDINGS: readonly Binding[] = [
  { command: STATS_COMMANDS.STATS_TOGGLE, keys: ['!'], description: 'Render stats overlay (fps, bytes/s, render time)', category: 'General', scope: 'global', showInFooter: false },
];
