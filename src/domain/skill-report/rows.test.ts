import { describe, expect, it } from 'vitest';
import type { ReplicaDocument } from '../sync/types';
import { skillReportRights, skillReportRows, type SkillReportSource } from './rows';

let n = 0;
const doc = (fields: Record<string, unknown>): ReplicaDocument => ({ uuid: `u-${++n}`, ...fields });

function source(): SkillReportSource {
  return {
    participants: [
      doc({ id: 1, firstname: 'Lotte', prefix: 'de', lastname: 'Vries', projectId: 10, display: 1 }),
      doc({ id: 2, firstname: 'Ahmed', lastname: 'Bakker', projectId: 11, display: 1 }),
      doc({ id: 3, firstname: 'Verborgen', lastname: 'Aa', projectId: 10, display: 0 }),
      doc({ id: 4, firstname: 'Weg', lastname: 'Aa', projectId: 10, display: 1, _deleted: true }),
    ],
    projects: [doc({ id: 10, name: 'Groen' }), doc({ id: 11, name: 'Schoonmaak' })],
    competencySystems: [doc({ id: 20, name: 'Basis' }), doc({ id: 21, name: 'Extra' })],
    competencies: [doc({ id: 30, competencySystemId: 20, name: 'Samenwerken', sortOrder: 2 }), doc({ id: 31, competencySystemId: 21, name: 'Plannen', sortOrder: 1 })],
    behaviors: [doc({ id: 40, competencyId: 30, name: 'Vraagt hulp', sortOrder: 1 }), doc({ id: 41, competencyId: 31, name: 'Houdt agenda bij', sortOrder: 1 })],
    disciplines: [doc({ id: 50, name: 'Groenvoorziening' })],
    categories: [doc({ id: 60, disciplineId: 50, label: 'Machines', sortOrder: 1 })],
    skills: [doc({ id: 70, disciplineId: 50, categoryId: 60, name: 'Maaien', sortOrder: 1 }), doc({ id: 71, disciplineId: 50, categoryId: null, name: 'Snoeien', sortOrder: 0 })],
    behaviorScores: [
      doc({ id: 100, participantId: 1, behaviorId: 40, startScore: 1, currentScore: 2, targetScore: 3 }),
      doc({ id: 101, participantId: 1, behaviorId: 41, startScore: 1, currentScore: null, targetScore: 3 }),
      doc({ id: 102, participantId: 2, behaviorId: 40, startScore: 2, currentScore: 2, targetScore: 4 }),
      doc({ id: 103, participantId: 3, behaviorId: 40, startScore: 2, currentScore: 2, targetScore: 4 }),
      doc({ id: 104, participantId: 4, behaviorId: 40, startScore: 2, currentScore: 2, targetScore: 4 }),
      doc({ id: 105, participantId: 1, behaviorId: 40, startScore: 1, currentScore: 1, targetScore: 1, _deleted: true }),
    ],
    skillScores: [
      doc({ id: 200, participantId: 1, skillId: 70, startScore: 1, currentScore: 3, targetScore: 3 }),
      doc({ id: 201, participantId: 1, skillId: 71, startScore: 0, currentScore: 1, targetScore: 2 }),
    ],
  };
}

describe('the skill report from the replica (the server query\'s rows and order)', () => {
  it('lists behaviours then skills per participant, by last name, without hidden or deleted people and scores', () => {
    const rows = skillReportRows(source(), { kind: 'all' });
    expect(rows.map((r) => [r.participant, r.kind, r.behavior ?? r.skill])).toEqual([
      ['Ahmed Bakker', 'behavior', 'Vraagt hulp'],
      ['Lotte de Vries', 'behavior', 'Houdt agenda bij'], // competency sort order 1 before 2
      ['Lotte de Vries', 'behavior', 'Vraagt hulp'],
      ['Lotte de Vries', 'skill', 'Snoeien'], // no category: group order 0
      ['Lotte de Vries', 'skill', 'Maaien'],
    ]);
    expect(rows[2]).toMatchObject({ project: 'Groen', competencySystem: 'Basis', competency: 'Samenwerken', startScore: 1, currentScore: 2, targetScore: 3 });
    expect(rows[4]).toMatchObject({ discipline: 'Groenvoorziening', category: 'Machines', competencySystem: null });
    expect(rows[1]?.currentScore).toBeNull();
  });

  it('filters by kind, project, competency system, discipline, participant and name words', () => {
    const s = source();
    expect(skillReportRows(s, { kind: 'skill' }).map((r) => r.id)).toEqual(['s-201', 's-200']);
    expect(skillReportRows(s, { kind: 'behavior' }).every((r) => r.kind === 'behavior')).toBe(true);
    expect(skillReportRows(s, { kind: 'all', projectId: 11 }).map((r) => r.id)).toEqual(['b-102']);
    // A competency system leaves out the skills, a discipline the behaviours (as the server does).
    expect(skillReportRows(s, { kind: 'all', competencySystemId: 21 }).map((r) => r.id)).toEqual(['b-101']);
    expect(skillReportRows(s, { kind: 'all', disciplineId: 50 }).map((r) => r.kind)).toEqual(['skill', 'skill']);
    expect(skillReportRows(s, { kind: 'all', participantId: 2 }).map((r) => r.id)).toEqual(['b-102']);
    expect(skillReportRows(s, { kind: 'all', search: 'de vries' }).map((r) => r.participant)).toEqual(Array(4).fill('Lotte de Vries'));
    expect(skillReportRows(s, { kind: 'all', search: 'niemand' })).toEqual([]);
  });

  it('lets coaches read and only managers and administrators export', () => {
    expect(skillReportRights('coach')).toEqual({ view: true, export: false });
    expect(skillReportRights('manager')).toEqual({ view: true, export: true });
    expect(skillReportRights('admin')).toEqual({ view: true, export: true });
    expect(skillReportRights('participant')).toEqual({ view: false, export: false });
  });
});
