import { useWindowSize } from 'ink';
import { useAppContext } from './app-context.js';

/** Terminal columns and rows: the injected size in tests, else the live terminal size (re-renders on resize). */
export function useScreenSize(): { readonly columns: number; readonly rows: number } {
  const { size } = useAppContext();
  const live = useWindowSize();
  return size ?? { columns: live.columns, rows: live.rows };
}
