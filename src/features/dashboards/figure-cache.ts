import { Dexie, type Table } from 'dexie';
import type { GraphAnswer } from '../../domain/dashboards/graph';

/**
 * Each widget's last figures, kept on this device with their time, so an offline dashboard shows the
 * last figures with "stand van …" (issue 22). Keyed by company, user and widget: a shared tablet never
 * shows one user's figures to another. Figures are kept only for the graph they were computed for.
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

class FigureDb extends Dexie {
  figures!: Table<CachedFigures, string>;
  subjects!: Table<CachedSubjects, string>;
  constructor() {
    super('werkpad-dashboard-figures');
    this.version(1).stores({ figures: 'key, savedAt', subjects: 'key' });
  }
}

let db: FigureDb | null = null;
const open = (): FigureDb => (db ??= new FigureDb());

export const figureKey = (companyId: number, userId: number, widgetUuid: string) => `${companyId}:${userId}:${widgetUuid}`;
export const graphKeyOf = (type: string, graph: unknown) => JSON.stringify({ type, graph });

export async function loadFigures(key: string, graphKey: string): Promise<GraphAnswer | null> {
  try {
    const row = await open().figures.get(key);
    return row && row.graphKey === graphKey ? row.answer : null;
  } catch {
    return null;
  }
}

export async function saveFigures(key: string, graphKey: string, answer: GraphAnswer): Promise<void> {
  try {
    await open().figures.put({ key, graphKey, answer, savedAt: Date.now() });
  } catch {
    // a full or blocked device: the figures are shown, only not kept
  }
}

export async function loadSubjects<T>(key: string): Promise<T | null> {
  try {
    return ((await open().subjects.get(key))?.subjects as T | undefined) ?? null;
  } catch {
    return null;
  }
}

export async function saveSubjects(key: string, subjects: unknown): Promise<void> {
  try {
    await open().subjects.put({ key, subjects, savedAt: Date.now() });
  } catch {
    // not kept: the builder asks again next time
  }
}
