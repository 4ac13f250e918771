/**
 * The instrument and KWNW screens' replica reads (issue 23). Documents are camelCase rows; the instrument's
 * links are id lists on its row (migration 011), so the list, the form and matching work offline.
 */
import type { ReplicaReader } from '../../lib/replica/replica-db';
import type { ReplicaDocument } from '../../domain/sync/types';
import type { CollectionName } from '../../domain/sync/collections';
import { instrumentMode, kwnwAccess, kwnwVersionOf, type InstrumentMode, type KwnwAccessFlag, type KwnwVersionSetting } from '../../domain/instruments/features';

export const participantName = (p: ReplicaDocument | undefined): string =>
  p ? [text(p.firstname), text(p.prefix), text(p.lastname)].filter(Boolean).join(' ') : '';

const live = (docs: ReplicaDocument[]) => docs.filter((d) => !d._deleted);
export const num = (x: unknown): number | null => (typeof x === 'number' ? x : typeof x === 'string' && /^\d+$/.test(x) ? Number(x) : null);
export const text = (x: unknown): string => (typeof x === 'string' ? x : '');
export const ids = (x: unknown): number[] => (Array.isArray(x) ? x.map(num).filter((n): n is number => n !== null) : []);
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'nl');

async function all(r: ReplicaReader, name: CollectionName): Promise<ReplicaDocument[]> {
  return live(await r.docs(name).toArray());
}

export interface AreaSettings {
  mode: InstrumentMode;
  kwnwVersion: KwnwVersionSetting;
  kwnw: Record<KwnwAccessFlag, boolean>;
}

export async function areaSettings(r: ReplicaReader): Promise<AreaSettings> {
  const company = (await all(r, 'companies'))[0];
  const s = (company?.settings ?? {}) as Record<string, unknown>;
  return { mode: instrumentMode(s), kwnwVersion: kwnwVersionOf(s), kwnw: kwnwAccess(s) };
}

export interface Option {
  id: number;
  name: string;
}
const options = (docs: ReplicaDocument[], field = 'name'): Option[] =>
  docs.filter((d) => num(d.id) !== null).map((d) => ({ id: num(d.id)!, name: text(d[field]) || text(d.label) || text(d.name) })).sort(byName);

export interface InstrumentRow {
  uuid: string;
  id: number | null;
  name: string;
  description: string;
  categoryId: number | null;
  competencySystemId: number | null;
  provisionTypeId: number | null;
  participantStatusIds: number[];
  criterionIds: ReadonlySet<number>;
  pending: boolean;
  doc: ReplicaDocument;
}

export function toInstrument(d: ReplicaDocument): InstrumentRow {
  return {
    uuid: d.uuid,
    id: num(d.id),
    name: text(d.name),
    description: text(d.description),
    categoryId: num(d.categoryId),
    competencySystemId: num(d.competencySystemId),
    provisionTypeId: num(d.provisionTypeId),
    participantStatusIds: ids(d.participantStatusIds),
    criterionIds: new Set(ids(d.criterionIds)),
    pending: d._pending === true,
    doc: d,
  };
}

export interface Lists {
  instruments: InstrumentRow[];
  categories: Option[];
  provisionTypes: Option[];
  competencySystems: Option[];
  disciplines: Option[];
  skills: Option[];
  competencies: Option[];
  workOrders: Option[];
  workplaces: Option[];
}

/** Instruments with the lists their fields and filters choose from. */
export async function instrumentLists(r: ReplicaReader): Promise<Lists> {
  const [instruments, categories, provisionTypes, competencySystems, disciplines, skills, competencies, workOrders, workplaces] = await Promise.all(
    (['instruments', 'instrumentCategories', 'provisionTypes', 'competencySystems', 'disciplines', 'skills', 'competencies', 'workOrders', 'workplaces'] as const).map((n) => all(r, n)),
  );
  return {
    instruments: instruments!.map(toInstrument).sort(byName),
    categories: options(categories!, 'label'),
    provisionTypes: options(provisionTypes!, 'label'),
    competencySystems: options(competencySystems!),
    disciplines: options(disciplines!),
    skills: options(skills!),
    competencies: options(competencies!),
    workOrders: options(workOrders!),
    workplaces: options(workplaces!),
  };
}

export interface ListFilter {
  q?: string;
  category?: number;
  provision?: number;
  system?: number;
  status?: number;
}

/** The list's search (name and description) and filters. */
export function filterInstruments(rows: readonly InstrumentRow[], f: ListFilter): InstrumentRow[] {
  const q = (f.q ?? '').trim().toLocaleLowerCase('nl');
  return rows.filter(
    (i) =>
      (!q || i.name.toLocaleLowerCase('nl').includes(q) || i.description.toLocaleLowerCase('nl').includes(q)) &&
      (f.category === undefined || i.categoryId === f.category) &&
      (f.provision === undefined || i.provisionTypeId === f.provision) &&
      (f.system === undefined || i.competencySystemId === f.system) &&
      (f.status === undefined || i.participantStatusIds.includes(f.status)),
  );
}

export interface CriterionView {
  id: number;
  label: string;
  occurrences: number;
  categoryId: number;
}
export interface CategoryView {
  id: number;
  label: string;
  singleSelection: boolean;
  criteria: CriterionView[];
}

/** Matching categories with their criteria and how many live instruments meet each (like matchingCategories). */
export async function matchingCategories(r: ReplicaReader): Promise<CategoryView[]> {
  const [cats, crit, instruments] = await Promise.all([all(r, 'matchingCategories'), all(r, 'matchingCriteria'), all(r, 'instruments')]);
  const counts = new Map<number, number>();
  for (const i of instruments) for (const c of new Set(ids(i.criterionIds))) counts.set(c, (counts.get(c) ?? 0) + 1);
  const order = (d: ReplicaDocument) => [num(d.sortOrder) ?? 0, num(d.id) ?? 0] as const;
  const cmp = (a: ReplicaDocument, b: ReplicaDocument) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1];
  return cats
    .filter((c) => num(c.id) !== null)
    .sort(cmp)
    .map((c) => ({
      id: num(c.id)!,
      label: text(c.label),
      singleSelection: c.singleSelection === true,
      criteria: crit
        .filter((k) => num(k.categoryId) === num(c.id) && num(k.id) !== null)
        .sort(cmp)
        .map((k) => ({ id: num(k.id)!, label: text(k.label), occurrences: counts.get(num(k.id)!) ?? 0, categoryId: num(c.id)! })),
    }));
}

export interface PersonOption {
  id: number;
  name: string;
  statusId: number | null;
}

/** The participants in the viewer's replica (the caseload), by name. */
export async function people(r: ReplicaReader): Promise<PersonOption[]> {
  return (await all(r, 'participants'))
    .filter((p) => num(p.id) !== null && p.display !== 0 && p.display !== 2)
    .map((p) => ({ id: num(p.id)!, name: participantName(p), statusId: num(p.statusId) }))
    .sort(byName);
}

export interface MatchRow {
  uuid: string;
  instrumentId: number | null;
  instrumentName: string;
  participantId: number | null;
  participantName: string;
  startDate: string;
  endDate: string;
  caseId: number | null;
  pending: boolean;
}

/** Instrument links (matches), optionally of one instrument, participant or case; newest period first. */
export async function matchRows(r: ReplicaReader, by: { instrumentId?: number; participantId?: number; caseId?: number }): Promise<MatchRow[]> {
  const [matches, instruments, persons] = await Promise.all([all(r, 'instrumentMatches'), all(r, 'instruments'), all(r, 'participants')]);
  const inst = new Map(instruments.map((i) => [num(i.id), text(i.name)]));
  const pers = new Map(persons.map((p) => [num(p.id), participantName(p)]));
  return matches
    .filter(
      (m) =>
        (by.instrumentId === undefined || num(m.instrumentId) === by.instrumentId) &&
        (by.participantId === undefined || num(m.participantId) === by.participantId) &&
        (by.caseId === undefined || num(m.caseId) === by.caseId),
    )
    .map((m) => ({
      uuid: m.uuid,
      instrumentId: num(m.instrumentId),
      instrumentName: inst.get(num(m.instrumentId)) ?? '',
      participantId: num(m.participantId),
      participantName: pers.get(num(m.participantId)) ?? '',
      startDate: text(m.startDate).slice(0, 10),
      endDate: text(m.endDate).slice(0, 10),
      caseId: num(m.caseId),
      pending: m._pending === true,
    }))
    .sort((a, b) => b.startDate.localeCompare(a.startDate) || a.participantName.localeCompare(b.participantName, 'nl'));
}

/** A case of the replica with its participant. */
export async function caseOf(r: ReplicaReader, caseId: number): Promise<{ id: number; name: string; reference: string; participantId: number | null } | null> {
  const c = (await all(r, 'cases')).find((x) => num(x.id) === caseId);
  return c ? { id: caseId, name: text(c.name), reference: text(c.reference), participantId: num(c.participantId) } : null;
}

/** The plans of approach of a participant (any KWNW version). */
export async function plansOf(r: ReplicaReader, participantId: number): Promise<ReplicaDocument[]> {
  return live(await r.docs('plansOfApproach').where('participantId').equals(participantId).toArray());
}

/** The latest participation-ladder step of a participant. */
export async function ladderOf(r: ReplicaReader, participantId: number): Promise<{ step: number; assessedOn: string } | null> {
  const steps = live(await r.docs('participationLadderSteps').where('participantId').equals(participantId).toArray())
    .map((s) => ({ step: num(s.step) ?? 0, assessedOn: text(s.assessedOn).slice(0, 10) }))
    .sort((a, b) => b.assessedOn.localeCompare(a.assessedOn));
  return steps[0] ?? null;
}

export interface WorkPlanLine {
  uuid: string;
  id: number | null;
  name: string;
  status: string;
  startDate: string;
}

/** The work plans of a participant (KWNW's third step), newest first. */
export async function workPlansOf(r: ReplicaReader, participantId: number): Promise<WorkPlanLine[]> {
  return live(await r.docs('workPlans').where('participantId').equals(participantId).toArray())
    .map((w) => ({ uuid: w.uuid, id: num(w.id), name: text(w.name), status: text(w.status) || 'to_start', startDate: text(w.startDate).slice(0, 10) }))
    .sort((a, b) => b.startDate.localeCompare(a.startDate));
}

/** The participant of a work plan (by id or uuid). */
export async function participantOfPlan(r: ReplicaReader, key: string): Promise<number | null> {
  const byUuid = await r.docs('workPlans').get(key);
  const plan = byUuid ?? (/^\d+$/.test(key) ? (await r.docs('workPlans').where('id').equals(Number(key)).toArray())[0] : undefined);
  return plan && !plan._deleted ? num(plan.participantId) : null;
}
