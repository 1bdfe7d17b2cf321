import type { Binding } from '../binding-types.js';
import { STATS_COMMANDS } from '../command-ids.js';

/** Bindings of the render-stats area: `!` anywhere toggles the fps / bytes / render-time overlay. */
export const STATS_BINDINGS: readonly Binding[] = [
  { command: STATS_COMMANDS.STATS_TOGGLE, keys: ['!'], description: 'Render stats overlay (fps, bytes/s, render time)', category: 'General', scope: 'global', showInFooter: false },
];
