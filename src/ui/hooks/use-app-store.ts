import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { AppState } from '../../store/app-state.js';
import { useAppContext } from './app-context.js';

/**
 * Selects from the injected store; re-renders only when the selection changes (shallow compare),
 * at the pace of the frame gate when the app has one (see frame-gate.ts).
 */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  const { store, frameGate } = useAppContext();
  return useStore(frameGate?.store ?? store, useShallow(selector));
}
