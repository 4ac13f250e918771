import * as v from 'valibot';
import { recordIdSchema } from '../shared/record-id';

/**
 * The skill report (02 §3 "Skill report row": id, currentScore, participant, project, behavior,
 * competency system, skill, discipline, category) and its export. The same filter schema serves the
 * skillReport query, exportSkillReport and the export route. Messages are i18n keys of `skillReport`.
 */
const E = (key: string) => `skillReport.errors.${key}`;

const id = recordIdSchema(E('invalidId'));

/** Rows about behaviours (competencies), skills (disciplines) or both. */
export const SKILL_REPORT_KINDS = ['all', 'behavior', 'skill'] as const;
export type SkillReportKind = (typeof SKILL_REPORT_KINDS)[number];

export const SkillReportFilterSchema = v.object({
  kind: v.optional(v.picklist(SKILL_REPORT_KINDS, E('invalidKind')), 'all'),
  participantId: v.nullish(id),
  projectId: v.nullish(id),
  competencySystemId: v.nullish(id),
  disciplineId: v.nullish(id),
  search: v.nullish(v.pipe(v.string(E('invalidText')), v.trim(), v.maxLength(200, E('textTooLong')))),
});
export type SkillReportFilter = v.InferOutput<typeof SkillReportFilterSchema>;

export const SKILL_REPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ExportSkillReportSchema = v.object({
  format: v.picklist(SKILL_REPORT_FORMATS, E('format')),
  filter: v.optional(SkillReportFilterSchema),
});

/** The export's columns with their Dutch headers (the file is read outside the app, so the server writes them). */
export const SKILL_REPORT_COLUMNS = [
  ['participant', 'Deelnemer'],
  ['project', 'Project'],
  ['competencySystem', 'Competentiesysteem'],
  ['competency', 'Competentie'],
  ['behavior', 'Gedrag'],
  ['discipline', 'Vakgebied'],
  ['category', 'Categorie'],
  ['skill', 'Vaardigheid'],
  ['startScore', 'Startscore'],
  ['currentScore', 'Huidige score'],
  ['targetScore', 'Doelscore'],
] as const;
export type SkillReportColumn = (typeof SKILL_REPORT_COLUMNS)[number][0];

/** The query string of the export route from a filter (and back: the route parses it with the schema). */
export function skillReportQuery(filter: SkillReportFilter | undefined): string {
  const params = new URLSearchParams();
  for (const [k, value] of Object.entries(filter ?? {})) if (value !== null && value !== undefined && value !== '' && !(k === 'kind' && value === 'all')) params.set(k, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
