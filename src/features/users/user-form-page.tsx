import { useId, useMemo } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { sessionStore } from '../../lib/session/session-store';
import type * as v from 'valibot';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { AddUserSchema, UpdateUserSchema, type UpdateUserInput } from '../../domain/users/user-input';
import { ASSIGNABLE_ROLE_IDS } from '../../domain/users/roles-policy';
import { addUser, updateUser, type UserFormValues } from './api';
import { projectOptions, roleOptions, userById } from './queries';
import { DateFieldControl } from '../../lib/forms/date-field-control';
import { FormAlerts, FormText, isoToWriteDate, schemaResolver, useRecordForm } from '../../lib/forms/form-helpers';
import './users.css';

type TextField = 'initials' | 'givenName' | 'surname' | 'email' | 'phone' | 'dateOfBirth' | 'personalCode' | 'sbbUserCode' | 'experienceCoaching' | 'experienceNotes' | 'notes';
type Values = Record<TextField | 'username' | 'roleId' | 'projectId' | 'sex', string> & { accessToAllParticipants: boolean; wageValueExpert: boolean };

const EMPTY: Values = {
  username: '', roleId: '4', projectId: '', sex: 'unknown', initials: '', givenName: '', surname: '', email: '', phone: '', dateOfBirth: '',
  personalCode: '', sbbUserCode: '', experienceCoaching: '', experienceNotes: '', notes: '', accessToAllParticipants: false, wageValueExpert: false,
};

const str = (x: unknown) => (typeof x === 'string' ? x : '');
const num = (x: unknown) => (typeof x === 'number' ? String(x) : '');

/** /user/add and /user/:id/edit: every field of the spec; on edit username and role stay as they are. */
export function UserFormPage({ userId }: { userId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const editing = userId !== null;
  useDocumentTitle(editing ? t('admin.users.editTitle') : t('admin.users.add'));
  const roles = useReplicaQuery((r) => roleOptions(r), []);
  const projects = useReplicaQuery((r) => projectOptions(r), []);
  const existing = useReplicaQuery((r) => (userId === null ? Promise.resolve(null) : userById(r, userId)), [userId]);
  // the stored user fills the form when it arrives from the replica; a later change of it keeps what was typed
  const stored = useMemo<Values | undefined>(() => (existing ? {
    ...EMPTY,
    username: str(existing.username), roleId: num(existing.aclRoleId), projectId: num(existing.projectId),
    sex: str(existing.sex) || 'unknown', initials: str(existing.initials), givenName: str(existing.givenName), surname: str(existing.surname),
    email: str(existing.email), phone: str(existing.phone), dateOfBirth: str(existing.dateOfBirth).slice(0, 10), personalCode: str(existing.personalCode),
    sbbUserCode: str(existing.sbbUserCode), experienceCoaching: str(existing.experienceCoaching), experienceNotes: str(existing.experienceNotes), notes: str(existing.notes),
    accessToAllParticipants: existing.accessToAllParticipants === true, wageValueExpert: existing.wageValueExpert === true,
  } : undefined), [existing]);
  const loaded = !editing || stored !== undefined;
  const ids = { role: useId(), project: useId(), sex: useId(), dateOfBirth: useId() };
  // Issue 20: one's own address changes only with the password (the profile's form); nobody's while impersonating.
  const { user: me, identityChain } = useSnapshot(sessionStore);
  const emailLock = !editing ? null
    : identityChain.length > 0 ? t('admin.profile.emailLockedImpersonating')
      : me && me.id === userId ? t('admin.profile.emailLocked') : null;

  // The write's input of the form's values (edit: no username or role; the date as the write takes it).
  const toInput = (values: Values): UserFormValues => {
    const dateOfBirth = isoToWriteDate(values.dateOfBirth);
    return editing ? { ...values, dateOfBirth, id: String(userId), username: undefined, roleId: undefined } : { ...values, dateOfBirth };
  };
  const { register, control, handleSubmit, getValues, formRef, failure, save, formState: { errors, isSubmitting } } = useRecordForm<Values>(
    t, EMPTY, stored, schemaResolver<Values, v.GenericSchema>(t, editing ? UpdateUserSchema : AddUserSchema, toInput));


  const submit = async (output: unknown) => {
    const input = toInput(getValues());
    await save(async () => {
      if (!editing) return addUser(input);
      // a declared write: the replica shows the change at once; the outbox sends it (offline too)
      const { username: _username, roleId: _roleId, ...fields } = input;
      if (existing) await updateUser({ ...fields, id: String(userId), uuid: existing.uuid, sex: (output as UpdateUserInput).sex });
      return { success: true };
    }, () => navigate({ to: '/user' }));
  };
  const busy = isSubmitting;
  const fieldError = (key: keyof Values) => errors[key]?.message;
  const text = (key: TextField | 'username', opts: { type?: string; hint?: string | undefined; disabled?: boolean } = {}) => (
    <FormText label={t(`admin.users.field.${key}`)} registration={register(key)} error={fieldError(key)} {...opts} />
  );

  if (editing && existing === null) return <p role="alert">{t('admin.users.notFound')}</p>;
  if (editing && !loaded) return <p aria-live="polite">{t('admin.common.loading')}</p>;
  const selectableRoles = (roles ?? []).filter((r) => ASSIGNABLE_ROLE_IDS.includes(r.id) || (r.id >= 1000 && r.selectable));
  return (
    <div className="admin-page">
      <h1>{editing ? t('admin.users.editTitle') : t('admin.users.add')}</h1>
      <form ref={formRef} className="admin-form" noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
        <FormAlerts failure={failure} root={errors.root?.message} />
        <fieldset>
          <legend>{t('admin.users.field.username')}</legend>
          {editing ? <p className="admin-muted">{t('admin.users.usernameFixed')}</p> : null}
          {text('username', { disabled: editing })}
          <div className="field">
            <label className="field__label" htmlFor={ids.role}>{t('admin.users.field.role')}</label>
            <select id={ids.role} className="input" disabled={editing} aria-invalid={errors.roleId ? true : undefined} aria-describedby={errors.roleId ? `${ids.role}-error` : undefined} {...register('roleId')}>
              {(editing ? (roles ?? []) : selectableRoles).map((r) => (
                <option key={r.id} value={r.id}>{r.label}</option>
              ))}
            </select>
            {errors.roleId ? <p id={`${ids.role}-error`} className="field__error">{errors.roleId.message}</p> : null}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('admin.participants.section.person')}</legend>
          <div className="admin-form__row">
            {text('initials')}
            {text('givenName')}
            {text('surname')}
          </div>
          <div className="admin-form__row">
            {text('email', { type: 'email', disabled: emailLock !== null, hint: emailLock ?? undefined })}
            {text('phone', { type: 'tel' })}
          </div>
          <div className="admin-form__row">
            <div className="field">
              <label className="field__label" htmlFor={ids.sex}>{t('admin.users.field.sex')}</label>
              <select id={ids.sex} className="input" {...register('sex')}>
                {(['unknown', 'male', 'female', 'other'] as const).map((s) => (
                  <option key={s} value={s}>{t(`admin.users.sex.${s}`)}</option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor={ids.dateOfBirth}>{t('admin.users.field.dateOfBirth')}</label>
              <DateFieldControl control={control} name="dateOfBirth" id={ids.dateOfBirth} errorId={`${ids.dateOfBirth}-error`} />
              {errors.dateOfBirth ? <p id={`${ids.dateOfBirth}-error`} className="field__error">{errors.dateOfBirth.message}</p> : null}
            </div>
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('admin.participants.section.guidance')}</legend>
          <div className="field">
            <label className="field__label" htmlFor={ids.project}>{t('admin.users.field.project')}</label>
            <select id={ids.project} className="input" {...register('projectId')}>
              <option value="">{t('admin.users.field.noProject')}</option>
              {(projects ?? []).map((p) => (
                <option key={p.id} value={p.id}>{p.label}</option>
              ))}
            </select>
          </div>
          <label className="admin-check">
            <input type="checkbox" {...register('accessToAllParticipants')} />
            {t('admin.users.field.accessToAllParticipants')}
          </label>
          <label className="admin-check">
            <input type="checkbox" {...register('wageValueExpert')} />
            {t('admin.users.field.wageValueExpert')}
          </label>
          <div className="admin-form__row">
            {text('personalCode')}
            {text('sbbUserCode')}
          </div>
          {text('experienceCoaching')}
          {text('experienceNotes')}
          {text('notes')}
        </fieldset>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>{busy ? t('admin.common.saving') : t('admin.common.save')}</button>
          <Link to="/user" className="button">{t('admin.common.cancel')}</Link>
        </div>
      </form>
    </div>
  );
}
