import { useId, useMemo } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type * as v from 'valibot';
import { useSnapshot } from 'valtio';
import { syncStore } from '../../lib/sync-client';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { AddParticipantSchema, identificationProblem, identificationSystemOf, UpdateParticipantSchema, type UpdateParticipantInput } from '../../domain/participants/participant-input';
import { ParticipantStatus, type ParticipantStatusName } from '../../domain/shared/participant-status';
import { addParticipant, updateParticipant } from './api';
import { companySettings, filterOptions, participantById } from './queries';
import { DateFieldControl } from '../../lib/forms/date-field-control';
import { FormAlerts, FormText, isoToWriteDate, schemaResolver, useRecordForm } from '../../lib/forms/form-helpers';
import './participants.css';

const TEXT = ['firstname', 'prefix', 'lastname', 'initials', 'bsn', 'identification', 'email', 'phone', 'birthdate', 'street', 'houseNumber', 'houseNumberAddition', 'zipcode', 'city', 'municipality'] as const;
type TextKey = (typeof TEXT)[number];
type Values = Record<TextKey | 'sex' | 'coachId' | 'managerId' | 'projectId' | 'statusId', string>;
const EMPTY = Object.fromEntries([...TEXT, 'coachId', 'managerId', 'projectId'].map((k) => [k, ''])) as Values;
EMPTY.sex = 'unknown';
EMPTY.statusId = String(ParticipantStatus.Zero);

const str = (x: unknown) => (typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '');
const STATUS_NAMES = Object.keys(ParticipantStatus) as ParticipantStatusName[];

/** /participant/add, the wizard link /moddeelnemer/deelnemerwizard, and /participant/:id/edit. */
export function ParticipantFormPage({ participantId }: { participantId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const editing = participantId !== null;
  useDocumentTitle(editing ? t('admin.participants.editTitle') : t('admin.participants.add'));
  const { session } = useSnapshot(syncStore);
  const settings = useReplicaQuery((r) => companySettings(r, session?.companyId ?? 0), [session?.companyId]);
  const options = useReplicaQuery((r) => filterOptions(r), []);
  const existing = useReplicaQuery((r) => (participantId === null ? Promise.resolve(null) : participantById(r, participantId)), [participantId]);
  // the stored participant fills the form when it arrives from the replica; a later change of it keeps what was typed
  const stored = useMemo<Values | undefined>(() => {
    if (!existing) return undefined;
    const next = { ...EMPTY };
    for (const key of TEXT) next[key] = str(existing[key]);
    next.birthdate = str(existing.birthdate).slice(0, 10);
    next.sex = str(existing.sex) || 'unknown';
    next.coachId = str(existing.coachId);
    next.managerId = str(existing.managerId);
    next.projectId = str(existing.projectId);
    next.statusId = str(existing.statusId);
    return next;
  }, [existing]);
  const loaded = !editing || stored !== undefined;
  const ids = { sex: useId(), coach: useId(), manager: useId(), project: useId(), status: useId(), birthdate: useId() };
  const system = identificationSystemOf(settings);

  // The write's input of the form's values: only the company's identifier, the date as the write takes it.
  const toInput = (values: Values) => {
    const input = { ...values, birthdate: isoToWriteDate(values.birthdate), statusId: Number(values.statusId), ...(editing ? { id: String(participantId) } : {}) };
    if (system === 'BSN') input.identification = '';
    else input.bsn = '';
    return input;
  };
  const idProblem = (values: Values): Record<string, string> => {
    const input = toInput(values);
    const problem = identificationProblem(system, { bsn: String(input.bsn ?? ''), identification: String(input.identification ?? '') });
    return problem ? { [system === 'BSN' ? 'bsn' : 'identification']: t(problem as 'admin.errors.unknown') } : {};
  };
  // react-hook-form with the write's schema (issue 21): a message goes as its field becomes valid, focus to the first error.
  const { register, control, handleSubmit, getValues, formRef, failure, save, formState: { errors, isSubmitting: busy } } = useRecordForm<Values>(
    t, EMPTY, stored, schemaResolver<Values, v.GenericSchema>(t, editing ? UpdateParticipantSchema : AddParticipantSchema, toInput, idProblem));


  const submit = async (output: unknown) => {
    const input = toInput(getValues());
    if (editing) {
      // a declared write: the replica shows the change at once; the outbox sends it (offline too)
      await save(async () => {
        if (existing) await updateParticipant({ ...input, sex: (output as UpdateParticipantInput).sex, id: String(participantId), uuid: existing.uuid });
        return { success: true };
      }, () => navigate({ to: '/participant/$id', params: { id: String(participantId) } }));
    } else {
      await save(async () => {
        const res = await addParticipant(input);
        return { ...res, success: res.success && res.id !== null && res.id !== '' };
      }, (res) => navigate({ to: '/participant/$id', params: { id: String(res.id) } }));
    }
  };

  if (editing && existing === null) return <p role="alert">{t('admin.participants.notFound')}</p>;
  if ((editing && !loaded) || settings === undefined) return <p aria-live="polite">{t('admin.common.loading')}</p>;
  const f = (key: TextKey, opts: { type?: string; hint?: string } = {}) => (
    <FormText label={t(`admin.participants.field.${key}`)} registration={register(key)} error={errors[key]?.message} {...opts} />
  );
  const select = (key: 'coachId' | 'managerId' | 'projectId', id: string, label: string, list: { id: number; label: string }[]) => (
    <div className="field">
      <label className="field__label" htmlFor={id}>{label}</label>
      <select id={id} className="input" aria-invalid={errors[key] ? true : undefined} aria-describedby={errors[key] ? `${id}-error` : undefined} {...register(key)}>
        <option value="">{t('admin.participants.field.nobody')}</option>
        {list.map((o) => (
          <option key={o.id} value={o.id}>{o.label}</option>
        ))}
      </select>
      {errors[key] ? <p id={`${id}-error`} className="field__error">{errors[key].message}</p> : null}
    </div>
  );
  return (
    <div className="admin-page">
      <h1>{editing ? t('admin.participants.editTitle') : t('admin.participants.add')}</h1>
      <form ref={formRef} className="admin-form" noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
        <FormAlerts failure={failure} root={errors.root?.message} />
        <fieldset>
          <legend>{t('admin.participants.section.person')}</legend>
          <div className="admin-form__row">{f('firstname')}{f('prefix')}{f('lastname')}</div>
          <div className="admin-form__row">
            {f('initials')}
            {system === 'BSN' ? f('bsn', { hint: t('admin.participants.bsnHint') }) : f('identification')}
          </div>
          <div className="admin-form__row">
            <div className="field">
              <label className="field__label" htmlFor={ids.birthdate}>{t('admin.participants.field.birthdate')}</label>
              <DateFieldControl control={control} name="birthdate" id={ids.birthdate} errorId={`${ids.birthdate}-error`} />
              {errors.birthdate ? <p id={`${ids.birthdate}-error`} className="field__error">{errors.birthdate.message}</p> : null}
            </div>
            <div className="field">
              <label className="field__label" htmlFor={ids.sex}>{t('admin.participants.field.sex')}</label>
              <select id={ids.sex} className="input" {...register('sex')}>
                {(['unknown', 'male', 'female', 'other'] as const).map((s) => (
                  <option key={s} value={s}>{t(`admin.users.sex.${s}`)}</option>
                ))}
              </select>
            </div>
          </div>
          <div className="admin-form__row">{f('email', { type: 'email' })}{f('phone', { type: 'tel' })}</div>
        </fieldset>
        <fieldset>
          <legend>{t('admin.participants.section.address')}</legend>
          <div className="admin-form__row">{f('street')}{f('houseNumber')}{f('houseNumberAddition')}</div>
          <div className="admin-form__row">{f('zipcode')}{f('city')}{f('municipality')}</div>
        </fieldset>
        <fieldset>
          <legend>{t('admin.participants.section.guidance')}</legend>
          <div className="admin-form__row">
            {select('coachId', ids.coach, t('admin.participants.field.coach'), options?.coaches ?? [])}
            {select('managerId', ids.manager, t('admin.participants.field.manager'), options?.managers ?? [])}
          </div>
          <div className="admin-form__row">
            {select('projectId', ids.project, t('admin.participants.field.project'), options?.projects ?? [])}
            <div className="field">
              <label className="field__label" htmlFor={ids.status}>{t('admin.participants.field.status')}</label>
              <select id={ids.status} className="input" {...register('statusId')}>
                {STATUS_NAMES.map((name) => (
                  <option key={name} value={ParticipantStatus[name]}>{t(`participants.statusName.${name}`)}</option>
                ))}
              </select>
            </div>
          </div>
        </fieldset>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>{busy ? t('admin.common.saving') : t('admin.common.save')}</button>
          <Link to="/participants" className="button">{t('admin.common.cancel')}</Link>
        </div>
      </form>
    </div>
  );
}
