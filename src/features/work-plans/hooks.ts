import { useSnapshot } from 'valtio';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { sessionStore } from '../../lib/session/session-store';
import type { CollectionName } from '../../domain/sync/collections';
import type { PlanListQuery } from '../../domain/work-plan/views';
import * as q from './queries';

export const usePlanRows = (participantId?: number) => useReplicaQuery((r) => q.planRows(r, participantId), [participantId]);
/** One page of the work-plan list (by index for the default sort; planListPageOf). */
export const usePlanListPage = (query: PlanListQuery) =>
  useReplicaQuery((r) => q.planListPageOf(r, query), [query.filter, query.search, query.sort, query.dir, query.page, query.perPage]);
export const usePlanDetail = (key: string) => useReplicaQuery((r) => q.planDetail(r, key), [key]);
export const useReviewRound = () => useReplicaQuery((r) => q.reviewRound(r), []);
export const useReference = (name: CollectionName) => useReplicaQuery((r) => q.referenceList(r, name), [name]);
export const useProfile = (participantId: number | null) =>
  useReplicaQuery((r) => (participantId === null ? Promise.resolve([]) : q.developmentProfile(r, participantId)), [participantId]);
export const useFailedWrites = (prefix: string) => useReplicaQuery((r) => q.failedWrites(r, prefix), [prefix]);

export interface Viewer {
  userId: number;
  participantId: number | null;
  roleId: number;
  name: string;
}

export function useViewer(): Viewer | null {
  const { user } = useSnapshot(sessionStore);
  if (!user) return null;
  return { userId: user.id, participantId: user.participantId, roleId: user.roleId, name: [user.givenName, user.surname].filter(Boolean).join(' ') };
}
