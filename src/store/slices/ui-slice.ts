import type { SliceCreator } from '../slice.js';

/** Severity of an event-log entry. */
export type LogLevelUi = 'info' | 'ok' | 'warn' | 'error';

/** One line of the event log panel. */
export interface EventLogEntry {
  /** Increasing id (stable React key). */
  readonly id: number;
  /** Unix ms. */
  readonly at: number;
  readonly level: LogLevelUi;
  readonly text: string;
}

/** A banner across the top of the screen (alarms, degraded state). */
export interface Banner {
  readonly level: 'warn' | 'error';
  readonly text: string;
  /** Unix ms. */
  readonly at: number;
}

/** A one-line answer to the last key (a refused character, a command that cannot run now). */
export interface KeyHint {
  readonly level: 'info' | 'warn';
  readonly text: string;
}

/** Screen state that is not exchange data. */
export interface UiData {
  /** The focused panel id. */
  readonly focus: string;
  /** The open overlay (help, palette, confirm…) or null. */
  readonly overlay: string | null;
  /** Bounded event log, newest last. */
  readonly log: readonly EventLogEntry[];
  readonly banner: Banner | null;
  /** Shown in the footer until the next key. */
  readonly hint: KeyHint | null;
}

/** Event-log entries kept. */
export const MAX_LOG = 500;

/** UI slice. */
export interface UiSlice {
  readonly ui: UiData;
  setFocus(panel: string): void;
  setOverlay(overlay: string | null): void;
  /** Appends to the event log (drops the oldest past MAX_LOG). */
  logEvent(level: LogLevelUi, text: string, at: number): void;
  setBanner(banner: Banner | null): void;
  setHint(hint: KeyHint | null): void;
}

/** Builds the UI slice. */
export const createUiSlice: SliceCreator<UiSlice> = (set) => ({
  ui: { focus: 'book', overlay: null, log: [], banner: null, hint: null },
  setFocus: (panel) => set((s) => ({ ui: { ...s.ui, focus: panel } })),
  setOverlay: (overlay) => set((s) => ({ ui: { ...s.ui, overlay } })),
  logEvent: (level, text, at) =>
    set((s) => {
      const last = s.ui.log[s.ui.log.length - 1];
      const entry: EventLogEntry = { id: (last?.id ?? 0) + 1, at, level, text };
      const log = s.ui.log.length >= MAX_LOG ? [...s.ui.log.slice(s.ui.log.length - MAX_LOG + 1), entry] : [...s.ui.log, entry];
      return { ui: { ...s.ui, log } };
    }),
  setBanner: (banner) => set((s) => ({ ui: { ...s.ui, banner } })),
  setHint: (hint) => set((s) => ({ ui: { ...s.ui, hint } })),
});
