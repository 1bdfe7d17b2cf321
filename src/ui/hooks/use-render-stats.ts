import { useEffect, useState } from 'react';
import type { RenderStatsSnapshot } from '../render-stats.js';
import { useAppContext } from './app-context.js';

export { percentile, RenderStatsRecorder, type RenderStatsSnapshot, type RenderStatsSource, type RowCounts } from '../render-stats.js';

/**
 * The render statistics, re-read every `everyMs` (default 1000) while `active`; null when the
 * app was started without a stats source or while inactive. Polling (not per frame) keeps the
 * overlay from causing the renders it measures.
 */
export function useRenderStats(active: boolean, everyMs = 1000): RenderStatsSnapshot | null {
  const { renderStats, now } = useAppContext();
  const [snap, setSnap] = useState<RenderStatsSnapshot | null>(null);
  useEffect(() => {
    if (!active || !renderStats) {
      setSnap(null);
      return undefined;
    }
    setSnap(renderStats.snapshot(now()));
    const id = setInterval(() => setSnap(renderStats.snapshot(now())), everyMs);
    return () => clearInterval(id);
  }, [active, renderStats, now, everyMs]);
  return snap;
}
