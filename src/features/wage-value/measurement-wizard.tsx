import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import { measurementSteps, type MeasurementStep } from '../../domain/wage-value/constants';
import { draftOfDocument, emptyDraft, type MeasurementDocument, type MeasurementDraft, type ParticipantSnapshot } from '../../domain/wage-value/measurement';
import { stepPayload } from '../../domain/wage-value/schemas';
import { consistencyIssues, validateStep, type WageValueIssue } from '../../domain/wage-value/validation';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { wageValueActions } from './actions';
import { useMeasurement, useMeasurementsOfParticipant, useParticipants, useStaffUsers, type ParticipantOption } from './queries';
import { useWageValueMe } from './use-me';
import { expertIsCoach, otherConcept, recentDefinitive } from './warnings';
import { LifeCycleActions } from './life-cycle-actions';
import { OutboxIssues } from './outbox-issues';
import { StepDetails } from './step-details';
import { StepResearch } from './step-research';
import { StepTasks } from './step-tasks';
import { StepNormFunction } from './step-norm-function';
import { StepPerformance } from './step-performance';
import { StepResult } from './step-result';
import { StepAdvice } from './step-advice';
import { StepSummary } from './step-summary';
import type { StepProps } from './step-props';
import { followStoredDocument, newlyRefused, refusedChanges, unconfirmedByServer, wizardStartOf } from './wizard-start';
import { useOutboxRows } from '../../lib/replica/hooks';
import './wage-value.css';

const STEPS: Record<MeasurementStep, (p: StepProps) => React.JSX.Element> = {
  details: StepDetails, researchActivities: StepResearch, tasks: StepTasks, normFunction: StepNormFunction,
  workPerformance: StepPerformance, result: StepResult, advice: StepAdvice, summary: StepSummary,
};

function participantSnapshotOf(p: ParticipantOption | null): ParticipantSnapshot {
  return p ? { firstname: p.firstname, prefix: p.prefix, lastname: p.lastname, birthdate: p.birthdate } : {};
}

type Reason = { key: string; params: Record<string, string | number>; task?: number };

/** A consistency issue as the save's reason: the task it is about named, when it is about a task. */
function issueReason(issue: WageValueIssue): Reason {
  const task = /^tasks\.(\d+)\./.exec(issue.path);
  return { key: issue.key, params: issue.params ?? {}, ...(task ? { task: Number(task[1]) + 1 } : {}) };
}

function reasonText(t: (key: string, params?: Record<string, string | number>) => string, r: Reason): string {
  const message = t(r.key, r.params);
  return r.task === undefined ? message : t('wageValue.errors.inTask', { n: r.task, message });
}

export type WizardMode = { kind: 'add' } | { kind: 'edit'; uuid: string } | { kind: 'copy'; fromUuid: string };

/** The measurement wizard (02 §2): eight steps, each saved as its own write; resumes at the saved step. */
export function MeasurementWizard({ mode }: { mode: WizardMode }) {
  const { t } = useTranslation();
  const stored = useMeasurement(mode.kind === 'edit' ? mode.uuid : null);
  const source = useMeasurement(mode.kind === 'copy' ? mode.fromUuid : null);
  useDocumentTitle(t(`wageValue.wizard.title.${mode.kind}`));
  const doc = mode.kind === 'edit' ? stored : mode.kind === 'copy' ? source : null;
  if (mode.kind !== 'add' && doc === null) return <p className="alert alert--error" role="alert">{t('wageValue.errors.notFound')}</p>;
  if (mode.kind !== 'add' && !doc) return <p aria-live="polite">{t('wageValue.wizard.loading')}</p>;
  const start = doc ? wizardStartOf(doc) : null;
  const initial = start?.draft ?? emptyDraft();
  // Resume at the step after the last saved one (the last step stays the last); a copy starts at the first.
  const step = mode.kind === 'edit' && start ? start.stepIndex : 0;
  return <WizardForm mode={mode} stored={mode.kind === 'edit' ? stored ?? null : null} initial={initial} initialStep={step} initialParticipant={doc?.participantId ?? null} />;
}

function WizardForm({ mode, stored, initial, initialStep, initialParticipant }: { mode: WizardMode; stored: MeasurementDocument | null; initial: MeasurementDraft; initialStep: number; initialParticipant: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useWageValueMe();
  const [newUuid] = useState(uuidv7);
  const uuid = mode.kind === 'edit' ? mode.uuid : newUuid;
  const participants = useParticipants();
  // A new measurement names the signed-in expert as "Loonwaardedeskundige" (a copy keeps the source's
  // name unless it is empty).
  const [draft, setDraft] = useState<MeasurementDraft>(() => (mode.kind !== 'edit' && me && initial.details.wageValueExpert.trim() === ''
    ? { ...initial, details: { ...initial.details, wageValueExpert: me.name } }
    : initial));
  const formRef = useRef<HTMLFormElement>(null);
  const staff = useStaffUsers();
  const [participantId, setParticipantId] = useState<number | null>(initialParticipant);
  const [stepIndex, setStepIndex] = useState(initialStep);
  const [shown, setShown] = useState<WageValueIssue[]>([]);
  const [reason, setReason] = useState<Reason | null>(null);
  const [saving, setSaving] = useState(false);
  const [savedOnce, setSavedOnce] = useState(mode.kind === 'edit');
  // The version of the stored document the form shows, and whether the expert has touched the form.
  const [shownDoc, setShownDoc] = useState<MeasurementDocument | null>(stored);
  const [touched, setTouched] = useState(false);
  const newer = mode.kind === 'edit' ? followStoredDocument(shownDoc, stored, touched) : null;
  if (newer) {
    // A newer version arrived before the expert touched the form (the replica was still catching up):
    // show it and resume at its step (state adjusted while rendering, React's pattern for derived state).
    setShownDoc(stored);
    setDraft(newer.draft);
    setStepIndex(newer.stepIndex);
    setParticipantId(newer.participantId);
    setShown([]);
  }
  // A change of this measurement refused by the server: the form starts again from the stored
  // document (rolled back to the server's version by the worker); the input stays on /wijzigingen.
  const outboxRows = useOutboxRows();
  const refused = outboxRows === undefined || mode.kind !== 'edit' ? null : refusedChanges(outboxRows, uuid);
  const [seenRefused, setSeenRefused] = useState<Set<string> | null>(refused);
  if (refused !== null && (seenRefused === null || refused.size !== seenRefused.size || [...refused].some((id) => !seenRefused.has(id)))) {
    setSeenRefused(refused);
    if (newlyRefused(seenRefused, refused) && stored) {
      const start = wizardStartOf(stored);
      setShownDoc(stored);
      setDraft(start.draft);
      setParticipantId(start.participantId);
      setShown([]);
      setReason(null);
      setTouched(false);
    }
  }
  const goTo = (i: number) => { setTouched(true); setStepIndex(i); };

  const ofParticipant = useMeasurementsOfParticipant(participantId);
  const participant = participants?.find((p) => p.id === participantId) ?? null;
  const step = measurementSteps[stepIndex] ?? 'details';
  const liveIssues = useMemo(() => validateStep(step, draft), [draft, step]);
  // Inline messages show after a save attempt, and then follow the typing.
  const issues = shown.length > 0 ? liveIssues : [];

  if (!me) return <p aria-live="polite">{t('wageValue.wizard.loading')}</p>;

  const status = mode.kind === 'edit' ? stored?.status ?? 'concept' : 'concept';
  const readOnly = status !== 'concept';
  // A measurement that can no longer be edited shows what the replica holds, never what the form kept.
  const viewDraft = readOnly && stored ? draftOfDocument(stored) : draft;
  const unconfirmed = mode.kind !== 'edit' || unconfirmedByServer(stored, outboxRows, uuid);
  const snapshot: ParticipantSnapshot = stored?.participantSnapshot && Object.keys(stored.participantSnapshot).length > 0
    ? stored.participantSnapshot
    : participantSnapshotOf(participant);
  const recent = ofParticipant ? recentDefinitive(ofParticipant, new Date(), uuid) : null;
  const concept = ofParticipant && !savedOnce ? otherConcept(ofParticipant, uuid) : null;
  const Step = STEPS[step];
  const edit = (change: (d: MeasurementDraft) => void) => {
    setTouched(true);
    setDraft((d) => { const next = structuredClone(d); change(next); return next; });
  };

  async function save(target: number): Promise<void> {
    setTouched(true);
    if (readOnly) { setStepIndex(target); return; }
    setReason(null);
    if (participantId === null) { setReason({ key: 'wageValue.wizard.participantRequired', params: {} }); return; }
    const problems = validateStep(step, draft);
    setShown(problems);
    if (problems.length > 0) { focusFirstError(); return; }
    // The whole measurement must stay consistent, whichever step is saved (the server checks the same).
    const inconsistent = consistencyIssues(draft)[0];
    if (inconsistent) { setReason(issueReason(inconsistent)); focusReason(); return; }
    let replace = false;
    if (concept) {
      if (!window.confirm(t('wageValue.wizard.confirmReplaceConcept'))) return;
      replace = true;
    }
    setSaving(true);
    const answer = await wageValueActions.saveMeasurement(
      stepPayload(uuid, participantId, draft, stepIndex + 1, { replaceExistingConcept: replace, copiedFromUuid: mode.kind === 'copy' && !savedOnce ? mode.fromUuid : null }),
      { isNew: !savedOnce, participantSnapshot: participantSnapshotOf(participant), createdByUserId: me?.userId },
    );
    setSaving(false);
    if (!answer.queued) { setReason({ key: answer.reason ?? 'wageValue.actions.failed', params: {} }); focusReason(); return; }
    setShown([]);
    if (!savedOnce) {
      setSavedOnce(true);
      void navigate({ to: '/wage-value/measurement/edit/$measurementId', params: { measurementId: uuid }, replace: true });
    }
    setStepIndex(target);
  }

  /** After a refused save, focus moves to the first field in error (else to the step's message). */
  function focusFirstError(): void {
    requestAnimationFrame(() => {
      const form = formRef.current;
      const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]:not(fieldset), fieldset[aria-invalid="true"] input');
      (field ?? form?.querySelector<HTMLElement>('[data-testid="step-errors"]'))?.focus();
    });
  }
  function focusReason(): void {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[data-testid="save-reason"]')?.focus());
  }
  const expertCoach = participant !== null && expertIsCoach(participant.coachId, stored?.createdByUserId ?? me.userId, draft.details.wageValueExpert, staff);

  return (
    <section className="wv-page" aria-labelledby="wv-title">
      <header className="wv-page__header">
        <h1 id="wv-title">{t(`wageValue.wizard.title.${mode.kind}`)}</h1>
        <span className={`wv-status wv-status--${status}`} data-testid="measurement-status">{t(`wageValue.options.status.${status}`)}</span>
      </header>
      <div className="field wv-participant">
        <label className="field__label" htmlFor="wv-participant">{t('wageValue.fields.participant')}</label>
        <select id="wv-participant" className="input" value={participantId ?? ''} disabled={savedOnce || readOnly}
          onChange={(e) => setParticipantId(e.target.value === '' ? null : Number(e.target.value))}>
          <option value="">{t('wageValue.wizard.chooseParticipant')}</option>
          {(participants ?? []).map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </select>
      </div>
      {expertCoach ? <p className="alert alert--warning" role="status">{t('wageValue.wizard.ownCoachWarning')}</p> : null}
      {recent ? <p className="alert alert--warning" role="status">{t('wageValue.wizard.recentDefinitiveWarning')}</p> : null}
      {concept ? <p className="alert alert--warning" role="status">{t('wageValue.wizard.existingConceptWarning')}</p> : null}
      {readOnly ? <p className="alert alert--warning" role="status">{t(status === 'definitive' ? 'wageValue.wizard.definitiveNotice' : 'wageValue.errors.cancelled')}</p> : null}
      <nav aria-label={t('wageValue.wizard.steps')}>
        <ol className="wv-steps">
          {measurementSteps.map((s, i) => (
            <li key={s}>
              <button type="button" className="wv-steps__step" aria-current={i === stepIndex ? 'step' : undefined} disabled={saving || (!savedOnce && i > 0)}
                onClick={() => (i === stepIndex ? undefined : readOnly || i < stepIndex ? goTo(i) : void save(i))}>
                <span className="wv-steps__n">{i + 1}</span> {t(`wageValue.steps.${s}`)}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <form ref={formRef} className="wv-step card" aria-labelledby="wv-step-title" noValidate onSubmit={(e) => { e.preventDefault(); void save(Math.min(stepIndex + 1, measurementSteps.length - 1)); }}>
        <h2 id="wv-step-title">{t(`wageValue.steps.${step}`)}</h2>
        {shown.length > 0 && liveIssues.length > 0 ? <p className="alert alert--error" role="alert" tabIndex={-1} data-testid="step-errors">{t('wageValue.wizard.stepHasErrors', { count: liveIssues.length })}</p> : null}
        <Step draft={viewDraft} edit={edit} issues={issues} readOnly={readOnly} />
        {reason ? <p className="alert alert--error" role="alert" tabIndex={-1} data-testid="save-reason">{reasonText((k, p) => t(k as 'wageValue.errors.required', p ?? {}), reason)}</p> : null}
        <div className="wv-step__actions">
          <button type="button" className="button" disabled={stepIndex === 0 || saving} onClick={() => goTo(stepIndex - 1)}>{t('wageValue.wizard.previous')}</button>
          {!readOnly ? (
            <button type="submit" className="button button--primary" disabled={saving}>
              {t(stepIndex === measurementSteps.length - 1 ? 'wageValue.wizard.save' : 'wageValue.wizard.saveAndNext')}
            </button>
          ) : stepIndex < measurementSteps.length - 1 ? (
            <button type="button" className="button" onClick={() => goTo(stepIndex + 1)}>{t('wageValue.wizard.next')}</button>
          ) : null}
        </div>
      </form>
      {savedOnce ? <OutboxIssues collections={['wageValueMeasurements']} target={uuid} /> : null}
      {savedOnce ? <LifeCycleActions uuid={uuid} status={status} draft={viewDraft} participant={snapshot} unconfirmed={unconfirmed} /> : null}
    </section>
  );
}
