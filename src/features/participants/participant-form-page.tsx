import { useId, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { useSnapshot } from 'valtio';
import { syncStore } from '../../lib/sync-client';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { AddParticipantSchema, identificationProblem, identificationSystemOf, UpdateParticipantSchema } from '../../domain/participants/participant-input';
import { ParticipantStatus, type ParticipantStatusName } from '../../domain/shared/participant-status';
import { addParticipant, updateParticipant } from './api';
import { companySettings, filterOptions, participantById } from './queries';
import { failureText, issueTexts, reasonText } from '../../lib/ui/reason-text';
import { TextInput } from '../../lib/ui/text-input';
import './participants.css';

const TEXT = ['firstname', 'prefix', 'lastname', 'initials', 'bsn', 'identification', 'email', 'phone', 'birthdate', 'street', 'houseNumber', 'houseNumberAddition', 'zipcode', 'city', 'municipality'] as const;
type TextKey = (typeof TEXT)[number];
type Values = Record<TextKey | 'sex' | 'coachId' | 'managerId' | 'projectId' | 'statusId', string>;
const EMPTY = Object.fromEntries([...TEXT, 'coachId', 'managerId', 'projectId'].map((k) => [k, ''])) as Values;
EMPTY.sex = 'unknown';
EMPTY.statusId = String(ParticipantStatus.Zero);

const str = (x: unknown) => (typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '');
const isoToDutch = (iso: string) => (/^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}` : '');
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
  const [values, setValues] = useState<Values>(EMPTY);
  const [loaded, setLoaded] = useState(!editing);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { sex: useId(), coach: useId(), manager: useId(), project: useId(), status: useId() };
  const system = identificationSystemOf(settings);

  if (!loaded && existing) {
    setLoaded(true);
    const next = { ...EMPTY };
    for (const key of TEXT) next[key] = str(existing[key]);
    next.birthdate = isoToDutch(str(existing.birthdate));
    next.sex = str(existing.sex) || 'unknown';
    next.coachId = str(existing.coachId);
    next.managerId = str(existing.managerId);
    next.projectId = str(existing.projectId);
    next.statusId = str(existing.statusId);
    setValues(next);
  }

  const set = (key: keyof Values) => (value: string) => setValues((old) => ({ ...old, [key]: value }));

  const submit = async () => {
    setFailure(null);
    const input = { ...values, statusId: Number(values.statusId), ...(editing ? { id: String(participantId) } : {}) };
    if (system === 'BSN') input.identification = '';
    else input.bsn = '';
    const parsed = v.safeParse(editing ? UpdateParticipantSchema : AddParticipantSchema, input);
    const problems: Record<string, string> = parsed.success ? {} : issueTexts(t, parsed.issues, '_');
    const idProblem = identificationProblem(system, input);
    if (idProblem) problems[system === 'BSN' ? 'bsn' : 'identification'] = t(idProblem as 'admin.errors.unknown');
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      if (editing) {
        // a declared write: the replica shows the change at once; the outbox sends it (offline too)
        if (parsed.success && existing) await updateParticipant({ ...input, sex: parsed.output.sex, id: String(participantId), uuid: existing.uuid });
        await navigate({ to: '/participant/$id', params: { id: String(participantId) } });
      } else {
        const res = await addParticipant(input);
        if (res.success && res.id) await navigate({ to: '/participant/$id', params: { id: String(res.id) } });
        else setFailure(reasonText(t, res.reason, res.params));
      }
    } catch (error) {
      setFailure(failureText(t, error));
    } finally {
      setBusy(false);
    }
  };

  if (editing && existing === null) return <p role="alert">{t('admin.participants.notFound')}</p>;
  if ((editing && !loaded) || settings === undefined) return <p aria-live="polite">{t('admin.common.loading')}</p>;
  const f = (key: TextKey, opts: { type?: string; hint?: string } = {}) => (
    <TextInput label={t(`admin.participants.field.${key}`)} value={values[key]} onChange={set(key)} error={errors[key]} name={key} {...opts} />
  );
  const select = (key: 'coachId' | 'managerId' | 'projectId', id: string, label: string, list: { id: number; label: string }[]) => (
    <div className="field">
      <label className="field__label" htmlFor={id}>{label}</label>
      <select id={id} className="input" value={values[key]} onChange={(e) => set(key)(e.target.value)}>
        <option value="">{t('admin.participants.field.nobody')}</option>
        {list.map((o) => (
          <option key={o.id} value={o.id}>{o.label}</option>
        ))}
      </select>
      {errors[key] ? <p className="field__error">{errors[key]}</p> : null}
    </div>
  );
  return (
    <div className="admin-page">
      <h1>{editing ? t('admin.participants.editTitle') : t('admin.participants.add')}</h1>
      <form className="admin-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        {failure ? <p role="alert" className="alert alert--error">{failure}</p> : null}
        <fieldset>
          <legend>{t('admin.participants.section.person')}</legend>
          <div className="admin-form__row">{f('firstname')}{f('prefix')}{f('lastname')}</div>
          <div className="admin-form__row">
            {f('initials')}
            {system === 'BSN' ? f('bsn', { hint: t('admin.participants.bsnHint') }) : f('identification')}
          </div>
          <div className="admin-form__row">
            {f('birthdate')}
            <div className="field">
              <label className="field__label" htmlFor={ids.sex}>{t('admin.participants.field.sex')}</label>
              <select id={ids.sex} className="input" value={values.sex} onChange={(e) => set('sex')(e.target.value)}>
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
              <select id={ids.status} className="input" value={values.statusId} onChange={(e) => set('statusId')(e.target.value)}>
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
