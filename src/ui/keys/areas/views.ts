import { VIEWS } from '../../view-defs/registry.js';
import type { Binding } from '../binding-types.js';
import { VIEWS_COMMANDS } from '../command-ids.js';

/** One view-opening command id. */
export type ViewCommandId = Extract<(typeof VIEWS_COMMANDS)[keyof typeof VIEWS_COMMANDS], `views.${string}`>;

const ALL_IDS: ReadonlySet<string> = new Set(Object.values(VIEWS_COMMANDS));

/** True when `id` is one of the view-opening commands. */
export function isViewCommand(id: string): id is ViewCommandId {
  return id.startsWith('views.') && ALL_IDS.has(id);
}

const C = VIEWS_COMMANDS;

/** Bindings of the desk: each view's key in its panel, then the overlay's keys. */
export const VIEWS_BINDINGS: readonly Binding[] = [
  ...VIEWS.flatMap((v): Binding[] => (isViewCommand(v.command) ? [{ command: v.command, keys: [v.key], description: v.title, category: v.group, scope: v.scope, showInFooter: false }] : [])),
  { command: C.DESK_UP, keys: ['up', 'k'], description: 'Previous field or row', category: 'Desk', scope: 'overlay.desk', showInFooter: false },
  { command: C.DESK_DOWN, keys: ['down', 'j'], description: 'Next field or row', category: 'Desk', scope: 'overlay.desk', showInFooter: false },
  { command: C.DESK_ENTER, keys: ['enter'], description: 'Edit/choose', category: 'Desk', scope: 'overlay.desk', showInFooter: true },
  { command: C.DESK_RUN, keys: ['o'], description: 'Run/review', category: 'Desk', scope: 'overlay.desk', showInFooter: true },
  { command: C.DESK_CONFIRM, keys: ['y'], description: 'Send', category: 'Desk', scope: 'overlay.desk', showInFooter: true, sends: true },
  { command: C.DESK_ZONE, keys: ['tab', 'shift+tab'], description: 'Form/results', category: 'Desk', scope: 'overlay.desk', showInFooter: true },
  { command: C.DESK_NEXT_PAGE, keys: ['n', 'pagedown'], description: 'Older page (review: no)', category: 'Desk', scope: 'overlay.desk', showInFooter: true },
  { command: C.DESK_PREV_PAGE, keys: ['p', 'pageup'], description: 'Newer page', category: 'Desk', scope: 'overlay.desk', showInFooter: false },
  { command: C.DESK_LEFT, keys: ['left'], description: 'Previous choice / scroll left', category: 'Desk', scope: 'overlay.desk', showInFooter: false },
  { command: C.DESK_RIGHT, keys: ['right'], description: 'Next choice / scroll right', category: 'Desk', scope: 'overlay.desk', showInFooter: false },
  { command: C.DESK_BACK, keys: ['escape', 'q'], description: 'Back', category: 'Desk', scope: 'overlay.desk', showInFooter: true },
  // The ladder overlay (orders panel, L) shares the desk's form commands.
  { command: C.DESK_UP, keys: ['up', 'k'], description: 'Previous field', category: 'Desk', scope: 'overlay.ladder', showInFooter: false },
  { command: C.DESK_DOWN, keys: ['down', 'j'], description: 'Next field', category: 'Desk', scope: 'overlay.ladder', showInFooter: false },
  { command: C.DESK_ENTER, keys: ['enter'], description: 'Edit/choose', category: 'Desk', scope: 'overlay.ladder', showInFooter: true },
  { command: C.DESK_RUN, keys: ['o'], description: 'Review', category: 'Desk', scope: 'overlay.ladder', showInFooter: true },
  { command: C.DESK_CONFIRM, keys: ['y'], description: 'Send', category: 'Desk', scope: 'overlay.ladder', showInFooter: true, sends: true },
  { command: C.DESK_LEFT, keys: ['left'], description: 'Previous choice', category: 'Desk', scope: 'overlay.ladder', showInFooter: false },
  { command: C.DESK_RIGHT, keys: ['right'], description: 'Next choice', category: 'Desk', scope: 'overlay.ladder', showInFooter: false },
  { command: C.DESK_BACK, keys: ['escape', 'n'], description: 'Back', category: 'Desk', scope: 'overlay.ladder', showInFooter: true },
];
