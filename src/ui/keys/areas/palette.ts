import type { Binding } from '../binding-types.js';
import { PALETTE_COMMANDS } from '../command-ids.js';

const C = PALETTE_COMMANDS;

/** Bindings of the palette area. In the overlays typed characters go to the filter field, so only named keys are bound there. */
export const PALETTE_BINDINGS: readonly Binding[] = [
  { command: C.PALETTE_SYMBOLS, keys: ['/'], description: 'Pick a symbol', category: 'Palette', scope: 'global', showInFooter: true },
  { command: C.PALETTE_UP, keys: ['up'], description: 'Previous entry', category: 'Palette', scope: 'overlay.palette', showInFooter: false },
  { command: C.PALETTE_DOWN, keys: ['down'], description: 'Next entry', category: 'Palette', scope: 'overlay.palette', showInFooter: false },
  { command: C.PALETTE_RUN, keys: ['enter'], description: 'Run', category: 'Palette', scope: 'overlay.palette', showInFooter: true },
  { command: C.PALETTE_CLOSE, keys: ['escape'], description: 'Close', category: 'Palette', scope: 'overlay.palette', showInFooter: true },
  { command: C.PALETTE_UP, keys: ['up'], description: 'Previous symbol', category: 'Palette', scope: 'overlay.picker', showInFooter: false },
  { command: C.PALETTE_DOWN, keys: ['down'], description: 'Next symbol', category: 'Palette', scope: 'overlay.picker', showInFooter: false },
  { command: C.PALETTE_NEXT_TAB, keys: ['right', 'tab'], description: 'Next category', category: 'Palette', scope: 'overlay.picker', showInFooter: true },
  { command: C.PALETTE_PREV_TAB, keys: ['left', 'shift+tab'], description: 'Previous category', category: 'Palette', scope: 'overlay.picker', showInFooter: false },
  { command: C.PALETTE_RUN, keys: ['enter'], description: 'Select symbol', category: 'Palette', scope: 'overlay.picker', showInFooter: true },
  { command: C.PALETTE_CLOSE, keys: ['escape'], description: 'Close', category: 'Palette', scope: 'overlay.picker', showInFooter: true },
  { command: C.CANDLES_NEXT_INTERVAL, keys: ['i'], description: 'Next candle interval', category: 'Market', scope: 'candles', showInFooter: true },
  { command: C.CANDLES_PREV_INTERVAL, keys: ['I'], description: 'Previous candle interval', category: 'Market', scope: 'candles', showInFooter: false },
  { command: C.CANDLES_NEXT_TYPE, keys: ['t'], description: 'Next candle type (market/mark/index/premium)', category: 'Market', scope: 'candles', showInFooter: true },
];
