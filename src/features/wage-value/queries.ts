/**
 * The wage-value screens' replica reads (screens and benchmarks import exactly these). Measurements,
 * plans and notes are the viewer's scope as the server replicated it; lists are sorted and paged here.
 */
import { Dexie } from 'dexie';
import { useReplicaQuery } from '../../lib/replica/hooks';
import type { ReplicaReader } from '../../lib/replica/replica-db';
import { participantsByName, usersByName } from '../../lib/replica/sorted-rows';
import type { ReplicaDocument } from '../../domain/sync/types';
import type { MeasurementDocument } from '../../domain/wage-value/measurement';
import { filterMeasurements, PAGE_SIZE, type MeasurementSearchState } from './measurement-list';

const live = (docs: readonly ReplicaDocument[]): ReplicaDocument[] => docs.filter((d) => !d._deleted);

export function useMeasurement(uuid: string | null): MeasurementDocument | null | undefined {
  return useReplicaQuery(async (r) => {
    if (!uuid) return null;
    const d = await r.docs('wageValueMeasurements').get(uuid);
    return d && !d._deleted ? (d as unknown as MeasurementDocument) : null;
  }, [uuid]);
}

/** Every measurement in the viewer's scope (the search list filters, sorts and pages them). */
export async function readAllMeasurements(r: ReplicaReader): Promise<MeasurementDocument[]> {
  return live(await r.docs('wageValueMeasurements').toArray()) as unknown as MeasurementDocument[];
}

export interface MeasurementPage {
  rows: MeasurementDocument[];
  total: number;
  pages: number;
  page: number;
  /** The names of the page's participants (for rows without a participant snapshot). */
  names: Map<number, string>;
}

/** listCreatedAt and [status+listCreatedAt] (collections.ts, replica version 3). */
const BY_CREATED = 'listCreatedAt';
const BY_STATUS_CREATED = '[status+listCreatedAt]';

/**
 * One page of the measurement search (/wage-value). Newest first without a text or type filter
 * (the default), it is read by index: the range's count, then only the page's documents, and the
 * names of only their participants. Other searches read every measurement and filter them
 * (filterMeasurements, the same order: ties by uuid descending).
 */
export async function readMeasurementPage(r: ReplicaReader, s: MeasurementSearchState): Promise<MeasurementPage> {
  const table = r.docs('wageValueMeasurements');
  const indexed = (s.q ?? '').trim() === '' && s.type === undefined && (s.sort ?? 'createdAt') === 'createdAt' && table.schema.idxByName[BY_STATUS_CREATED];
  if (!indexed) {
    const [all, people] = await Promise.all([readAllMeasurements(r), readParticipantOptions(r)]);
    const names = new Map(people.map((p) => [p.id, p.name]));
    return { ...filterMeasurements(all, s, names), names };
  }
  const status = s.status;
  const range = () => (status ? table.where(BY_STATUS_CREATED).between([status, Dexie.minKey], [status, Dexie.maxKey]) : table.orderBy(BY_CREATED));
  const total = await range().count();
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, s.page ?? 1), pages);
  const rows = live(await range().reverse().offset((page - 1) * PAGE_SIZE).limit(PAGE_SIZE).toArray()) as unknown as MeasurementDocument[];
  const ids = [...new Set(rows.map((m) => m.participantId).filter((id): id is number => typeof id === 'number'))];
  const people = ids.length ? live(await r.docs('participants').where('id').anyOf(ids).toArray()) : [];
  const names = new Map(people.filter((p) => typeof p.id === 'number').map((p) => [p.id as number, participantName(p)]));
  return { rows, total, pages, page, names };
}

export function useMeasurementPage(s: MeasurementSearchState): MeasurementPage | undefined {
  return useReplicaQuery((r) => readMeasurementPage(r, s), [s.q, s.status, s.type, s.sort, s.page]);
}

export function useAllMeasurements(): MeasurementDocument[] | undefined {
  return useReplicaQuery(readAllMeasurements, []);
}

/** A participant's measurements, newest first ([participantId+createdAt]). */
export function useMeasurementsOfParticipant(participantId: number | null): MeasurementDocument[] | undefined {
  return useReplicaQuery(async (r) => {
    if (participantId === null) return [];
    const docs = await r.docs('wageValueMeasurements').where('[participantId+createdAt]')
      .between([participantId, Dexie.minKey], [participantId, Dexie.maxKey]).reverse().toArray();
    return live(docs) as unknown as MeasurementDocument[];
  }, [participantId]);
}

export interface ParticipantOption { id: number; uuid: string; name: string; firstname: string; prefix: string | null; lastname: string; coachId: number | null; birthdate: string | null }

export function participantName(d: ReplicaDocument): string {
  return [d.firstname, d.prefix, d.lastname].filter((x): x is string => typeof x === 'string' && x.trim() !== '').join(' ');
}

/** The participants in name order, as options of the forms and for the names in the lists. */
export async function readParticipantOptions(r: ReplicaReader): Promise<ParticipantOption[]> {
  const docs = live(await participantsByName(r));
  return docs.filter((d) => typeof d.id === 'number').map((d) => ({
    id: d.id as number, uuid: d.uuid, name: participantName(d), coachId: typeof d.coachId === 'number' ? d.coachId : null,
    firstname: typeof d.firstname === 'string' ? d.firstname : '', prefix: typeof d.prefix === 'string' ? d.prefix : null,
    lastname: typeof d.lastname === 'string' ? d.lastname : '',
    birthdate: typeof d.birthdate === 'string' ? d.birthdate : null,
  }));
}

export function useParticipants(): ParticipantOption[] | undefined {
  return useReplicaQuery(readParticipantOptions, []);
}

export interface UserOption { id: number; name: string }

export function useStaffUsers(): UserOption[] | undefined {
  return useReplicaQuery(async (r) => {
    const docs = live(await usersByName(r));
    return docs.filter((d) => typeof d.id === 'number' && d.roleId !== 2 && d.aclRoleId !== 2).map((d) => ({
      id: d.id as number, name: [d.givenName ?? d.initials, d.surname].filter((x) => typeof x === 'string' && x !== '').join(' '),
    }));
  }, []);
}

export interface ListEntry { id: number | null; uuid: string; label: string; locked: boolean }
const entries = async (r: ReplicaReader, c: 'wageValuePlanStatuses' | 'wageValuePlanSequences' | 'wageValueRegions'): Promise<ListEntry[]> =>
  live(await r.docs(c).toArray())
    .sort((a, b) => Number(a.sortOrder ?? 0) - Number(b.sortOrder ?? 0) || String(a.label).localeCompare(String(b.label)))
    .map((d) => ({ id: typeof d.id === 'number' ? d.id : null, uuid: d.uuid, label: typeof d.label === 'string' ? d.label : '', locked: d.locked === true }));

export interface SettingsView {
  statuses: ListEntry[]; sequences: ListEntry[]; regions: ListEntry[];
  defaults: { newPlanStatusId: number | null; newPlanSequenceId: number | null; definitivePlanStatusId: number | null; definitivePlanSequenceId: number | null };
  useRegion: boolean;
}

const idOrNull = (x: unknown): number | null => (typeof x === 'number' ? x : typeof x === 'string' && x !== '' ? Number(x) : null);

export function useWageValueSettings(): SettingsView | undefined {
  return useReplicaQuery(async (r) => {
    const [statuses, sequences, regions, settings, companies] = await Promise.all([
      entries(r, 'wageValuePlanStatuses'), entries(r, 'wageValuePlanSequences'), entries(r, 'wageValueRegions'),
      r.docs('wageValueSettings').toArray(), r.docs('companies').toArray(),
    ]);
    const s = live(settings)[0];
    const company = live(companies)[0];
    const companySettings = (company?.settings ?? {}) as Record<string, unknown>;
    return {
      statuses, sequences, regions,
      defaults: {
        newPlanStatusId: idOrNull(s?.newPlanStatusId), newPlanSequenceId: idOrNull(s?.newPlanSequenceId),
        definitivePlanStatusId: idOrNull(s?.definitivePlanStatusId), definitivePlanSequenceId: idOrNull(s?.definitivePlanSequenceId),
      },
      useRegion: companySettings.useWageValueRegion === true,
    };
  }, []);
}

export function usePlans(): ReplicaDocument[] | undefined {
  return useReplicaQuery(async (r) => live(await r.docs('wageValuePlans').toArray()), []);
}

export function usePlan(uuidOrId: string): ReplicaDocument | null | undefined {
  return useReplicaQuery(async (r) => {
    const byUuid = await r.docs('wageValuePlans').get(uuidOrId);
    const d = byUuid ?? (/^\d+$/.test(uuidOrId) ? await r.docs('wageValuePlans').where('id').equals(Number(uuidOrId)).first() : undefined);
    return d && !d._deleted ? d : null;
  }, [uuidOrId]);
}

export function usePlanNotes(planId: number | null): ReplicaDocument[] | undefined {
  return useReplicaQuery(async (r) => {
    if (planId === null) return [];
    const docs = await r.docs('wageValuePlanNotes').where('[planId+noteDate]').between([planId, Dexie.minKey], [planId, Dexie.maxKey]).reverse().toArray();
    return live(docs);
  }, [planId]);
}
