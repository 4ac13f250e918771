import { useEffect, useState } from 'react';
import type { GraphAnswer } from '../../domain/dashboards/graph';
import { useOnlineStatus } from '../../lib/use-online-status';
import { useReplicaIdentity } from '../../lib/replica/hooks';
import { fetchFigures } from './api';
import { figureKey, graphKeyOf, loadFigures, saveFigures } from './figure-cache';

export type FiguresState =
  | { kind: 'loading' }
  | { kind: 'fresh'; answer: GraphAnswer }
  | { kind: 'cached'; answer: GraphAnswer }
  | { kind: 'none' }
  | { kind: 'error'; error: unknown };

/**
 * A widget's figures: asked from the server while online (and kept on the device with their time),
 * else the kept ones for this exact graph. `widgetUuid` null: a preview, nothing kept.
 */
export function useFigures(dashboardId: number | null, type: string, graph: unknown, widgetUuid: string | null, refresh = 0): FiguresState {
  const online = useOnlineStatus();
  const who = useReplicaIdentity();
  const graphKey = graphKeyOf(type, graph);
  const [state, setState] = useState<FiguresState>({ kind: 'loading' });
  const key = who && widgetUuid ? figureKey(who.companyId, who.userId, widgetUuid) : null;

  useEffect(() => {
    let live = true;
    const controller = new AbortController();
    const fromCache = async (error?: unknown) => {
      const kept = key ? await loadFigures(key, graphKey) : null;
      if (!live) return;
      setState(kept ? { kind: 'cached', answer: kept } : error !== undefined ? { kind: 'error', error } : { kind: 'none' });
    };
    if (!online || dashboardId === null) {
      void fromCache();
    } else {
      const parsed = JSON.parse(graphKey) as { type: string; graph: unknown };
      fetchFigures(dashboardId, parsed.type, parsed.graph, controller.signal)
        .then(async (answer) => {
          if (!live) return;
          setState({ kind: 'fresh', answer });
          if (key) await saveFigures(key, graphKey, answer);
        })
        .catch((error: unknown) => {
          if (live && !controller.signal.aborted) void fromCache(error);
        });
    }
    return () => {
      live = false;
      controller.abort();
    };
  }, [online, dashboardId, graphKey, key, refresh]);
  return state;
}
