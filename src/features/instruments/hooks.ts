import { useReplicaQuery } from '../../lib/replica/hooks';
import * as q from './queries';

export const useAreaSettings = () => useReplicaQuery((r) => q.areaSettings(r), []);
export const useInstrumentLists = () => useReplicaQuery((r) => q.instrumentLists(r), []);
export const useMatchingCategories = () => useReplicaQuery((r) => q.matchingCategories(r), []);
export const usePeople = () => useReplicaQuery((r) => q.people(r), []);
export const useMatchRows = (by: { instrumentId?: number; participantId?: number; caseId?: number }) =>
  useReplicaQuery((r) => q.matchRows(r, by), [by.instrumentId, by.participantId, by.caseId]);
export const useCase = (caseId: number) => useReplicaQuery((r) => q.caseOf(r, caseId), [caseId]);
export const usePlansOf = (participantId: number | null) =>
  useReplicaQuery((r) => (participantId === null ? Promise.resolve([]) : q.plansOf(r, participantId)), [participantId]);
export const useLadder = (participantId: number | null) =>
  useReplicaQuery((r) => (participantId === null ? Promise.resolve(null) : q.ladderOf(r, participantId)), [participantId]);
export const useWorkPlansOf = (participantId: number) => useReplicaQuery((r) => q.workPlansOf(r, participantId), [participantId]);
export const usePlanParticipant = (key: string) => useReplicaQuery((r) => q.participantOfPlan(r, key), [key]);
