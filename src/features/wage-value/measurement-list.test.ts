import { describe, expect, it } from 'vitest';
import { filterMeasurements, PAGE_SIZE } from './measurement-list';
import { checkSettingsAnswer } from './settings-answer';
import type { MeasurementDocument } from '../../domain/wage-value/measurement';

const m = (i: number, over: Partial<MeasurementDocument> = {}): MeasurementDocument => ({
  uuid: `u${i}`, participantId: i, status: 'concept', type: 1, step: 1, summary: null, employerName: `Werkgever ${i}`,
  createdAt: `2026-01-${String((i % 28) + 1).padStart(2, '0')}T10:00:00Z`, wageValue: i, participantSnapshot: { firstname: `Naam${i}` }, ...over,
});

describe('measurement search', () => {
  const all = Array.from({ length: 20 }, (_, i) => m(i + 1, { status: i % 2 ? 'definitive' : 'concept' }));
  it('filters by status and text, sorts, pages', () => {
    expect(filterMeasurements(all, { status: 'definitive' }, new Map()).total).toBe(10);
    expect(filterMeasurements(all, { q: 'naam12' }, new Map()).rows.map((x) => x.uuid)).toEqual(['u12']);
    expect(filterMeasurements(all, { sort: 'wageValue' }, new Map()).rows[0]?.uuid).toBe('u20');
    const p2 = filterMeasurements(all, { page: 2 }, new Map());
    expect([p2.page, p2.pages, p2.rows.length]).toEqual([2, 2, 20 - PAGE_SIZE]);
  });
});

describe('settings answer', () => {
  it('without the status or sequence list it is an invalid response', () => {
    expect(checkSettingsAnswer({ status: [], sequence: [] })).toEqual({ ok: true });
    expect(checkSettingsAnswer({ status: [] })).toEqual({ ok: false, reason: 'wageValue.errors.invalidResponse' });
    expect(checkSettingsAnswer(null)).toEqual({ ok: false, reason: 'wageValue.errors.invalidResponse' });
  });
});
