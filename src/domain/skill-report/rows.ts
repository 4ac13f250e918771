import type { ReplicaDocument } from '../sync/types';
import type { RoleKind } from '../users/roles-policy';
import type { SkillReportFilter } from './inputs';

/**
 * The skill report from the replica (02 §3 "Skill report row"): the same rows, filters and order as
 * the server's skillReport query (server/skill-report/report.ts), so the screen works offline and
 * the export (which the server writes) lists what the screen showed.
 */
export const SKILL_REPORT_PAGE_SIZE = 15;

export interface SkillReportView {
  id: string;
  kind: 'behavior' | 'skill';
  participantId: number;
  participant: string;
  project: string | null;
  competencySystem: string | null;
  competency: string | null;
  behavior: string | null;
  discipline: string | null;
  category: string | null;
  skill: string | null;
  startScore: number | null;
  currentScore: number | null;
  targetScore: number | null;
}

export interface SkillReportSource {
  behaviorScores: readonly ReplicaDocument[];
  skillScores: readonly ReplicaDocument[];
  participants: readonly ReplicaDocument[];
  projects: readonly ReplicaDocument[];
  competencySystems: readonly ReplicaDocument[];
  competencies: readonly ReplicaDocument[];
  behaviors: readonly ReplicaDocument[];
  disciplines: readonly ReplicaDocument[];
  categories: readonly ReplicaDocument[];
  skills: readonly ReplicaDocument[];
}

/** Who may read the report and who may export it (server/auth/permissions.ts: skillReport). */
export function skillReportRights(kind: RoleKind): { view: boolean; export: boolean } {
  return { view: kind === 'admin' || kind === 'manager' || kind === 'coach', export: kind === 'admin' || kind === 'manager' };
}

const num = (x: unknown): number | null => (typeof x === 'number' ? x : null);
const text = (x: unknown): string | null => (typeof x === 'string' && x !== '' ? x : null);
const live = (docs: readonly ReplicaDocument[]) => docs.filter((d) => !d._deleted && d.deletedAt == null);
const byId = (docs: readonly ReplicaDocument[]) => new Map(live(docs).filter((d) => typeof d.id === 'number').map((d) => [d.id as number, d]));

interface Sorted extends SkillReportView {
  sort: [string, string, number, number, number, number, number];
}

function compare(a: Sorted, b: Sorted): number {
  for (let i = 0; i < a.sort.length; i++) {
    const x = a.sort[i]!;
    const y = b.sort[i]!;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

/** Every row of the filter, in the server's order: last name, first name, participant, behaviours before skills, group order, item order. */
export function skillReportRows(source: SkillReportSource, filter: SkillReportFilter): SkillReportView[] {
  const words = (filter.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  const projects = byId(source.projects);
  const people = new Map<number, { doc: ReplicaDocument; name: string; project: string | null }>();
  for (const p of live(source.participants)) {
    const id = num(p.id);
    if (id === null || p.display === 0) continue;
    if (filter.participantId != null && id !== filter.participantId) continue;
    const projectId = num(p.projectId);
    if (filter.projectId != null && projectId !== filter.projectId) continue;
    const name = [text(p.firstname), text(p.prefix), text(p.lastname)].filter(Boolean).join(' ');
    if (words.some((w) => !name.toLowerCase().includes(w))) continue;
    people.set(id, { doc: p, name, project: projectId === null ? null : text(projects.get(projectId)?.name) });
  }
  const personKey = (id: number): [string, string, number] => {
    const p = people.get(id)!.doc;
    return [(text(p.lastname) ?? '').toLowerCase(), (text(p.firstname) ?? '').toLowerCase(), id];
  };
  const rows: Sorted[] = [];
  const scores = (s: ReplicaDocument) => ({ startScore: num(s.startScore), currentScore: num(s.currentScore), targetScore: num(s.targetScore) });

  if (filter.kind !== 'skill' && filter.disciplineId == null) {
    const behaviors = byId(source.behaviors);
    const competencies = byId(source.competencies);
    const systems = byId(source.competencySystems);
    for (const s of live(source.behaviorScores)) {
      const pid = num(s.participantId);
      const person = pid === null ? undefined : people.get(pid);
      const behavior = behaviors.get(num(s.behaviorId) ?? -1);
      const competency = competencies.get(num(behavior?.competencyId) ?? -1);
      const system = systems.get(num(competency?.competencySystemId) ?? -1);
      if (!person || !behavior || !competency || !system) continue;
      if (filter.competencySystemId != null && system.id !== filter.competencySystemId) continue;
      rows.push({
        id: `b-${String(s.id ?? s.uuid)}`,
        kind: 'behavior',
        participantId: pid!,
        participant: person.name,
        project: person.project,
        competencySystem: text(system.name),
        competency: text(competency.name),
        behavior: text(behavior.name),
        discipline: null,
        category: null,
        skill: null,
        ...scores(s),
        sort: [...personKey(pid!), 0, num(competency.sortOrder) ?? 0, num(behavior.sortOrder) ?? 0, num(s.id) ?? 0],
      });
    }
  }
  if (filter.kind !== 'behavior' && filter.competencySystemId == null) {
    const skills = byId(source.skills);
    const disciplines = byId(source.disciplines);
    const categories = byId(source.categories);
    for (const s of live(source.skillScores)) {
      const pid = num(s.participantId);
      const person = pid === null ? undefined : people.get(pid);
      const skill = skills.get(num(s.skillId) ?? -1);
      const discipline = disciplines.get(num(skill?.disciplineId) ?? -1);
      if (!person || !skill || !discipline) continue;
      if (filter.disciplineId != null && discipline.id !== filter.disciplineId) continue;
      const category = categories.get(num(skill.categoryId) ?? -1);
      rows.push({
        id: `s-${String(s.id ?? s.uuid)}`,
        kind: 'skill',
        participantId: pid!,
        participant: person.name,
        project: person.project,
        competencySystem: null,
        competency: null,
        behavior: null,
        discipline: text(discipline.name),
        category: text(category?.label),
        skill: text(skill.name),
        ...scores(s),
        sort: [...personKey(pid!), 1, num(category?.sortOrder) ?? 0, num(skill.sortOrder) ?? 0, num(s.id) ?? 0],
      });
    }
  }
  return rows.sort(compare).map(({ sort: _sort, ...row }) => row);
}
