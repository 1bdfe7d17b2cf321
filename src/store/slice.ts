/**
 * What a store slice is given: an update of its own part of the state. A slice knows only its own
 * type, never the whole `AppState` (which is composed from the slices in app-state.ts), so the
 * slices and the state they make up import in one direction.
 */
export type SliceSet<T> = (update: (state: T) => Partial<T>) => void;

/** A slice creator (zustand's slice pattern, narrowed to the slice's own state). */
export type SliceCreator<T> = (set: SliceSet<T>) => T;
