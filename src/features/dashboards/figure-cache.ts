import type { Dexie } from 'dexie';
import { identityStore } from '../../lib/device-crypto/identity-store';
import { figuresDatabaseName } from '../../lib/device-crypto/identity-databases';
import { currentIdentity } from '../../lib/replica/current-identity';
import type { GraphAnswer } from '../../domain/dashboards/graph';

/**
 * Each widget's last figures, kept on this device with their time, so an offline dashboard shows the
 * last figures with "stand van …" (issue 22). Keyed by company, user and widget: a shared tablet never
 * shows one user's figures to another. Figures are kept only for the graph they were computed for. One
 * database per identity, sealed with its data key (issue 36, src/lib/device-crypto/identity-store.ts).
 */
export interface CachedFigures {
  key: string;
  /** The widget's type and graph as JSON: figures of an older version of the widget are not shown. */
  graphKey: string;
  answer: GraphAnswer;
  savedAt: number;
}

interface CachedSubjects {
  key: string;
  subjects: unknown;
  savedAt: number;
}

const figures = identityStore({
  name: figuresDatabaseName,
  stores: { figures: 'key, savedAt', subjects: 'key' },
  clear: { figures: ['key', 'savedAt'], subjects: ['key'] },
  // The shared clear database of earlier builds: this identity's figures move, then it goes.
  legacy: {
    name: 'werkpad-dashboard-figures',
    rowsOf: (identity) => {
      const [company, user] = /^werkpad-(\d+)-(\d+)/.exec(identity)?.slice(1) ?? ['-', '-'];
      return [
        { table: 'figures', mine: (key: string) => key.startsWith(`${company}:${user}:`) },
        { table: 'subjects', mine: (key: string) => key === `${company}:${user}` },
      ];
    },
  },
});

/** The figures database of the identity shown now: one sealed database per identity (issue 36). */
async function open(): Promise<Dexie> {
  const identity = currentIdentity();
  if (!identity) throw new Error('no identity: signed out');
  return figures(identity);
}

export const figureKey = (companyId: number, userId: number, widgetUuid: string) => `${companyId}:${userId}:${widgetUuid}`;
export const graphKeyOf = (type: string, graph: unknown) => JSON.stringify({ type, graph });

export async function loadFigures(key: string, graphKey: string): Promise<GraphAnswer | null> {
  try {
    const row = await (await open()).table<CachedFigures, string>('figures').get(key);
    return row && row.graphKey === graphKey ? row.answer : null;
  } catch {
    return null;
  }
}

export async function saveFigures(key: string, graphKey: string, answer: GraphAnswer): Promise<void> {
  try {
    await (await open()).table<CachedFigures, string>('figures').put({ key, graphKey, answer, savedAt: Date.now() });
  } catch {
    // a full or blocked device: the figures are shown, only not kept
  }
}

export async function loadSubjects<T>(key: string): Promise<T | null> {
  try {
    return ((await (await open()).table<CachedSubjects, string>('subjects').get(key))?.subjects as T | undefined) ?? null;
  } catch {
    return null;
  }
}

export async function saveSubjects(key: string, subjects: unknown): Promise<void> {
  try {
    await (await open()).table<CachedSubjects, string>('subjects').put({ key, subjects, savedAt: Date.now() });
  } catch {
    // not kept: the builder asks again next time
  }
}
