import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import type * as v from 'valibot';
import type { ReplicaDocument } from '../../domain/sync/types';
import { PlanSchema, type PlanInput } from '../../domain/wage-value/schemas';
import { DateField } from '../../lib/ui/date-field';
import type { ParticipantOption, SettingsView, UserOption } from './queries';

const s = (x: unknown): string => (typeof x === 'string' ? x : '');
const n = (x: unknown): number | null => (typeof x === 'number' ? x : null);
const idOf = (x: unknown): number | null => (x === '' || x === null || x === undefined ? null : Number(x));

type TextKey = 'employerName' | 'employerAddress' | 'employerPlace' | 'employerContact' | 'employerPhone' | 'jobCoach';
type SelectKey = 'statusId' | 'sequenceId' | 'regionId' | 'assessorUserId';

/** The form's values before the write's schema (PlanSchema) reads them: no participant chosen yet is null. */
export type PlanFormValues = Omit<PlanInput, 'participantId'> & { participantId: number | null };

/** The form's values of a stored planning row (or of a new one). */
export function planFormValues(d: ReplicaDocument | null, uuid: string): PlanFormValues {
  return {
    uuid, participantId: n(d?.participantId), planDate: s(d?.planDate).slice(0, 10) || '', statusId: n(d?.statusId), sequenceId: n(d?.sequenceId),
    regionId: n(d?.regionId), assessorUserId: n(d?.assessorUserId), active: d ? d.active !== false : true, employerName: s(d?.employerName),
    employerAddress: s(d?.employerAddress), employerPlace: s(d?.employerPlace), employerContact: s(d?.employerContact), employerPhone: s(d?.employerPhone),
    jobCoach: s(d?.jobCoach), notes: s(d?.notes),
  };
}

/**
 * Add or edit a planning row; status, sequence and region are chosen from the settings lists.
 * react-hook-form with the write's valibot schema (PlanSchema, as the server checks it): a message
 * goes as soon as its field is valid, focus moves to the first error; a refusal before queueing is
 * shown on the form and focused.
 */
export function PlanForm(p: { plan: ReplicaDocument | null; uuid: string; participants: ParticipantOption[]; users: UserOption[]; settings: SettingsView; onSave: (input: PlanInput) => Promise<string | null>; onCancel: () => void }) {
  const { t } = useTranslation();
  const reasonRef = useRef<HTMLParagraphElement>(null);
  const { register, control, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<PlanFormValues, unknown, v.InferOutput<typeof PlanSchema>>({
    defaultValues: planFormValues(p.plan, p.uuid),
    resolver: valibotResolver(PlanSchema) as never,
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const message = (e: { message?: string } | undefined): string | null => (e?.message ? t(e.message as 'wageValue.errors.required') : null);
  const invalid = (k: keyof PlanFormValues, id: string) => ({
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': errors[k] ? `${id}-error` : undefined,
  });
  const errorText = (k: keyof PlanFormValues, id: string) => {
    const m = message(errors[k]);
    return m ? <span id={`${id}-error`} className="field__error">{m}</span> : null;
  };
  const text = (k: TextKey) => (
    <div className="field" key={k}>
      <label className="field__label" htmlFor={`plan-${k}`}>{t(`wageValue.planning.${k}`)}</label>
      <input id={`plan-${k}`} className="input" {...register(k)} {...invalid(k, `plan-${k}`)} />
      {errorText(k, `plan-${k}`)}
    </div>
  );
  const select = (k: SelectKey, label: string, options: { id: number | null; label: string }[]) => (
    <div className="field" key={k}>
      <label className="field__label" htmlFor={`plan-${k}`}>{label}</label>
      <select id={`plan-${k}`} className="input" {...register(k, { setValueAs: idOf })}>
        <option value="">{t('wageValue.planning.none')}</option>
        {options.filter((o) => o.id !== null).map((o) => <option key={o.id} value={o.id ?? ''}>{o.label}</option>)}
      </select>
    </div>
  );
  const save = handleSubmit(async (input) => {
    const reason = await p.onSave(input);
    if (reason) {
      // Refused before queueing: the reason is shown and focused; what was typed stays.
      setError('root.server', { type: 'refused', message: reason });
    }
  });
  const serverReason = message(errors.root?.server);
  useEffect(() => {
    // A refusal before queueing takes the focus (the input stays as typed).
    if (serverReason) reasonRef.current?.focus();
  }, [serverReason]);
  return (
    <form className="card wv-plan-form" aria-labelledby="plan-form-title" noValidate onSubmit={(e) => void save(e)}>
      <h2 id="plan-form-title">{t('wageValue.planning.formTitle')}</h2>
      <div className="wv-grid">
        <div className="field">
          <label className="field__label" htmlFor="plan-participant">{t('wageValue.planning.participant')}</label>
          <select id="plan-participant" className="input" {...register('participantId', { setValueAs: idOf })} {...invalid('participantId', 'plan-participant')}>
            <option value="">{t('wageValue.wizard.chooseParticipant')}</option>
            {p.participants.map((x) => <option key={x.id} value={x.id}>{x.name}</option>)}
          </select>
          {errorText('participantId', 'plan-participant')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="plan-date">{t('wageValue.planning.planDate')}</label>
          <Controller control={control} name="planDate" render={({ field }) => (
            // The project's date field (dd-mm-jjjj); its text input takes the focus after a refused save.
            <span className="wv-date-wrap" ref={(el) => field.ref(el?.querySelector('input') ?? null)}>
              <DateField id="plan-date" name={field.name} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} {...invalid('planDate', 'plan-date')} />
            </span>
          )} />
          {errorText('planDate', 'plan-date')}
        </div>
        {select('statusId', t('wageValue.planning.status'), p.settings.statuses)}
        {select('sequenceId', t('wageValue.planning.sequence'), p.settings.sequences)}
        {p.settings.useRegion ? select('regionId', t('wageValue.planning.region'), p.settings.regions) : null}
        {select('assessorUserId', t('wageValue.planning.assessor'), p.users.map((u) => ({ id: u.id, label: u.name })))}
        {text('employerName')}{text('employerAddress')}{text('employerPlace')}{text('employerContact')}{text('employerPhone')}{text('jobCoach')}
        <div className="field">
          <label className="field__label" htmlFor="plan-notes">{t('wageValue.planning.remarks')}</label>
          <textarea id="plan-notes" className="input wv-textarea" {...register('notes')} {...invalid('notes', 'plan-notes')} />
          {errorText('notes', 'plan-notes')}
        </div>
        <label className="wv-check"><input type="checkbox" {...register('active')} /> {t('wageValue.planning.active')}</label>
      </div>
      {serverReason ? <p ref={reasonRef} className="alert alert--error" role="alert" tabIndex={-1}>{serverReason}</p> : null}
      <div className="wv-step__actions">
        <button type="button" className="button" onClick={p.onCancel}>{t('wageValue.planning.cancel')}</button>
        <button type="submit" className="button button--primary" disabled={isSubmitting}>{t('wageValue.planning.save')}</button>
      </div>
    </form>
  );
}
