import { describe, expect, it } from 'vitest';
import { followStoredDocument, newlyRefused, refusedChanges, resumeStepIndex, unconfirmedByServer, wizardStartOf } from './wizard-start';
import { deviceReportFileName, reportFileName } from '../../domain/wage-value/report';
import { measurementSteps } from '../../domain/wage-value/constants';
import { validateMeasurement } from '../../domain/wage-value/validation';
import type { MeasurementDocument } from '../../domain/wage-value/measurement';

// The concept of the browser test "a concept changed elsewhere…", as the replica holds it after each of
// its three saves through the API (documents as the pull answers them).
const details = {
  startingDate: '2026-11-02', validUntil: null, employerName: 'Fietsenmaker Jansen', employerContactName: '', employerContactEmail: 'info@jansen.nl',
  interviewedEmployerName: 'Dhr. Jansen', performedFunction: 'Assistent fietsenmaker', workingHoursPerWeek: 20, fullTimeHours: 38, wageValueExpert: 'E. Expert', context: '',
};
const afterDetails: MeasurementDocument = {
  uuid: 'u1', id: 8, revision: 1, participantId: 60, status: 'concept', type: 1, step: 1, summary: null,
  details, researchActivities: {}, normFunction: {}, advice: {}, tasks: [],
};
const afterTasks: MeasurementDocument = {
  ...afterDetails, revision: 3, step: 3,
  researchActivities: {
    reportDate: '2026-11-09', companyVisit: false, companyVisitDate: '2026-11-02', interviewedEmployee: false, interviewedEmployeeDate: '2026-11-02',
    interviewedEmployer: false, interviewedEmployerDate: '2026-11-02', researchActivitiesExplanation: '',
  },
  tasks: [{ sortOrder: 1, description: 'Banden plakken', explanation: 'Hoofdtaak', minutesPerWeek: 1200 }],
};

describe('the wizard’s start from a stored measurement', () => {
  it('resumes at the step after the last saved one; the last step stays the last', () => {
    expect(measurementSteps[resumeStepIndex({ step: 1 })]).toBe('researchActivities');
    expect(measurementSteps[resumeStepIndex({ step: 3 })]).toBe('normFunction');
    expect(resumeStepIndex({ step: 8 })).toBe(measurementSteps.length - 1);
    expect(resumeStepIndex({ step: 0 })).toBe(0);
    expect(resumeStepIndex({ step: Number.NaN })).toBe(0);
  });

  it('follows a newer version that arrives before the expert touches the form (the replica was catching up)', () => {
    // Opened while the replica still held the version after the details step: research is where it starts.
    const first = wizardStartOf(afterDetails);
    expect(measurementSteps[first.stepIndex]).toBe('researchActivities');
    expect(validateMeasurement(first.draft)[0]?.step).toBe('researchActivities');
    // The pull brings the version after the tasks step: the form takes it, and resumes at the norm function.
    const next = followStoredDocument(afterDetails, afterTasks, false);
    expect(next).not.toBeNull();
    expect(measurementSteps[next?.stepIndex ?? -1]).toBe('normFunction');
    expect(next?.draft.researchActivities.reportDate).toBe('2026-11-09');
    expect(next?.draft.tasks[0]?.description).toBe('Banden plakken');
    expect(validateMeasurement(next!.draft)[0]?.step).toBe('normFunction');
    expect(next?.participantId).toBe(60);
  });

  it('keeps the form once the expert has touched it, and when nothing new arrived', () => {
    expect(followStoredDocument(afterDetails, afterTasks, true)).toBeNull();
    expect(followStoredDocument(afterTasks, afterTasks, false)).toBeNull();
    expect(followStoredDocument(afterTasks, null, false)).toBeNull();
    expect(followStoredDocument(afterTasks, undefined, false)).toBeNull();
  });
});

describe('a refusal restores the server’s version; a report from unconfirmed data is a concept (issue 19)', () => {
  const row = (clientMutationId: string, status: 'pending' | 'sending' | 'failed' | 'conflict', target = 'u1') =>
    ({ clientMutationId, status, collection: 'wageValueMeasurements', target });

  it('a refusal the wizard has not seen yet restarts the form; those listed when it opened do not', () => {
    const opened = refusedChanges([row('a', 'failed'), row('b', 'pending'), row('c', 'failed', 'other')], 'u1');
    expect([...opened]).toEqual(['a']);
    expect(newlyRefused(null, opened)).toBe(false);
    expect(newlyRefused(opened, refusedChanges([row('a', 'failed'), row('b', 'failed')], 'u1'))).toBe(true);
    expect(newlyRefused(opened, refusedChanges([row('a', 'failed')], 'u1'))).toBe(false);
    // A refusal retried or discarded is no new refusal.
    expect(newlyRefused(opened, refusedChanges([], 'u1'))).toBe(false);
  });

  it('a report is unconfirmed while a change of the measurement waits, is sent, was refused or conflicts, or the document is marked pending', () => {
    for (const status of ['pending', 'sending', 'failed', 'conflict'] as const) expect(unconfirmedByServer({}, [row('a', status)], 'u1')).toBe(true);
    expect(unconfirmedByServer({ _pending: true }, [], 'u1')).toBe(true);
    expect(unconfirmedByServer({}, [row('a', 'failed', 'other')], 'u1')).toBe(false);
    expect(unconfirmedByServer({}, [], 'u1')).toBe(false);
    // The outbox not read yet: never an unmarked report.
    expect(unconfirmedByServer({}, undefined, 'u1')).toBe(true);
  });

  it('a report printed from unconfirmed data has its own file name, never the server’s', () => {
    const t = (k: string) => ({ 'wageValue.report.filePrefix': 'loonwaardemeting', 'wageValue.report.unconfirmedFile': 'niet-bevestigd', 'wageValue.report.fileStatus.definitive': 'definitief' })[k] ?? k;
    const p = { firstname: 'Anna', lastname: 'Jansen' };
    const server = reportFileName(t, p, 'definitive', '2026-11-26T10:00:00Z');
    expect(server).toBe('loonwaardemeting-anna-jansen-definitief-2026-11-26.pdf');
    expect(deviceReportFileName(t, p, 'definitive', '2026-11-26T10:00:00Z', false)).toBe(server);
    expect(deviceReportFileName(t, p, 'definitive', '2026-11-26T10:00:00Z', true)).toBe('loonwaardemeting-anna-jansen-concept-niet-bevestigd-2026-11-26.pdf');
  });
});
