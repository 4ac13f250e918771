/**
 * The skill report's replica reads (the screen and the benchmark import these): the score tables of
 * the caseload and the reference lists they name, joined by src/domain/skill-report/rows.ts.
 */
import type { ReplicaReader } from '../../lib/replica/replica-db';
import type { ReplicaDocument } from '../../domain/sync/types';
import type { CollectionName } from '../../domain/sync/collections';
import type { SkillReportFilter } from '../../domain/skill-report/inputs';
import { SKILL_REPORT_PAGE_SIZE, skillReportRows, type SkillReportView } from '../../domain/skill-report/rows';

const all = async (r: ReplicaReader, name: CollectionName): Promise<ReplicaDocument[]> => (await r.docs(name).toArray()).filter((d) => !d._deleted);

export interface SkillReportPage {
  rows: SkillReportView[];
  total: number;
}

/** One page (15 rows) of the report for the filter, and how many rows it has in all. */
export async function skillReportPage(r: ReplicaReader, filter: SkillReportFilter, page: number): Promise<SkillReportPage> {
  const [behaviorScores, skillScores, participants, projects, competencySystems, competencies, behaviors, disciplines, categories, skills] = await Promise.all([
    filter.kind === 'skill' ? Promise.resolve([]) : all(r, 'participantBehaviorScores'),
    filter.kind === 'behavior' ? Promise.resolve([]) : all(r, 'participantSkillScores'),
    filter.participantId != null ? r.docs('participants').where('id').equals(filter.participantId).toArray() : all(r, 'participants'),
    all(r, 'projects'),
    all(r, 'competencySystems'),
    all(r, 'competencies'),
    all(r, 'behaviors'),
    all(r, 'disciplines'),
    all(r, 'skillCategories'),
    all(r, 'skills'),
  ]);
  const rows = skillReportRows({ behaviorScores, skillScores, participants, projects, competencySystems, competencies, behaviors, disciplines, categories, skills }, filter);
  const start = page * SKILL_REPORT_PAGE_SIZE;
  return { rows: rows.slice(start, start + SKILL_REPORT_PAGE_SIZE), total: rows.length };
}

export interface Choice {
  id: number;
  label: string;
}

/** The filter lists: projects, competency systems and disciplines, by name. */
export async function skillReportChoices(r: ReplicaReader): Promise<{ projects: Choice[]; competencySystems: Choice[]; disciplines: Choice[] }> {
  const [projects, systems, disciplines] = await Promise.all([all(r, 'projects'), all(r, 'competencySystems'), all(r, 'disciplines')]);
  const choices = (docs: ReplicaDocument[]): Choice[] =>
    docs
      .filter((d): d is ReplicaDocument & { id: number; name: string } => typeof d.id === 'number' && typeof d.name === 'string')
      .map((d) => ({ id: d.id, label: d.name }))
      .sort((a, b) => a.label.localeCompare(b.label, 'nl'));
  return { projects: choices(projects), competencySystems: choices(systems), disciplines: choices(disciplines) };
}
