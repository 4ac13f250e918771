import { jsonBody, restJson } from '../../lib/api/client';
import type { GraphAnswer, GraphSubject } from '../../domain/dashboards/graph';
import type { RelatedRequest } from '../../domain/dashboards/inputs';

/** The dashboards' reads that need the server (figures are computed by the database, never in the browser). */
export interface SubjectOption {
  value: string;
  label: string;
}
export type SubjectsAnswer = (Omit<GraphSubject, 'properties'> & { properties: (GraphSubject['properties'][number] & { options: SubjectOption[] })[] })[];

export const fetchFigures = (dashboardId: number, type: string, graph: unknown, signal?: AbortSignal) =>
  restJson<GraphAnswer>('/api/graph/datasets', { ...jsonBody({ dashboardId, type, graph }), ...(signal ? { signal } : {}) });

export const fetchSubjects = () => restJson<SubjectsAnswer>('/api/graph/subjects');

export interface RelatedAnswer {
  total: number;
  limit: number;
  rows: { id: number; name: string; status: string; detail: string | null }[];
}
export const fetchRelated = (request: RelatedRequest) => restJson<RelatedAnswer>('/api/graph/related', jsonBody(request));
