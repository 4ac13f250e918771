import { useId, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { sessionStore } from '../../app/session-store';
import * as v from 'valibot';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { AddUserSchema, UpdateUserSchema } from '../../domain/users/user-input';
import { ASSIGNABLE_ROLE_IDS } from '../../domain/users/roles-policy';
import { addUser, updateUser, type UserFormValues } from './api';
import { projectOptions, roleOptions, userById } from './queries';
import { fieldErrors } from './field-errors';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import { TextInput } from '../../lib/ui/text-input';
import './users.css';

type TextField = 'initials' | 'givenName' | 'surname' | 'email' | 'phone' | 'dateOfBirth' | 'personalCode' | 'sbbUserCode' | 'experienceCoaching' | 'experienceNotes' | 'notes';
type Values = Record<TextField | 'username' | 'roleId' | 'projectId' | 'sex', string> & { accessToAllParticipants: boolean; wageValueExpert: boolean };

const EMPTY: Values = {
  username: '', roleId: '4', projectId: '', sex: 'unknown', initials: '', givenName: '', surname: '', email: '', phone: '', dateOfBirth: '',
  personalCode: '', sbbUserCode: '', experienceCoaching: '', experienceNotes: '', notes: '', accessToAllParticipants: false, wageValueExpert: false,
};

const str = (x: unknown) => (typeof x === 'string' ? x : '');
const num = (x: unknown) => (typeof x === 'number' ? String(x) : '');
const isoToDutch = (iso: string) => (/^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}` : '');

/** /user/add and /user/:id/edit: every field of the spec; on edit username and role stay as they are. */
export function UserFormPage({ userId }: { userId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const editing = userId !== null;
  useDocumentTitle(editing ? t('admin.users.editTitle') : t('admin.users.add'));
  const roles = useReplicaQuery((r) => roleOptions(r), []);
  const projects = useReplicaQuery((r) => projectOptions(r), []);
  const existing = useReplicaQuery((r) => (userId === null ? Promise.resolve(null) : userById(r, userId)), [userId]);
  const [values, setValues] = useState<Values>(EMPTY);
  const [loaded, setLoaded] = useState(!editing);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { role: useId(), project: useId(), sex: useId() };
  // Issue 20: one's own address changes only with the password (the profile's form); nobody's while impersonating.
  const { user: me, identityChain } = useSnapshot(sessionStore);
  const emailLock = !editing ? null
    : identityChain.length > 0 ? t('admin.profile.emailLockedImpersonating')
      : me && me.id === userId ? t('admin.profile.emailLocked') : null;

  // the stored user fills the form once, when it arrives from the replica
  if (!loaded && existing) {
    setLoaded(true);
    setValues({
      ...EMPTY,
      username: str(existing.username), roleId: num(existing.aclRoleId), projectId: num(existing.projectId),
      sex: str(existing.sex) || 'unknown', initials: str(existing.initials), givenName: str(existing.givenName), surname: str(existing.surname),
      email: str(existing.email), phone: str(existing.phone), dateOfBirth: isoToDutch(str(existing.dateOfBirth)), personalCode: str(existing.personalCode),
      sbbUserCode: str(existing.sbbUserCode), experienceCoaching: str(existing.experienceCoaching), experienceNotes: str(existing.experienceNotes), notes: str(existing.notes),
      accessToAllParticipants: existing.accessToAllParticipants === true, wageValueExpert: existing.wageValueExpert === true,
    });
  }

  const set = <K extends keyof Values>(key: K) => (value: Values[K]) => setValues((old) => ({ ...old, [key]: value }));

  const submit = async () => {
    setFailure(null);
    const input: UserFormValues = editing ? { ...values, id: String(userId), username: undefined, roleId: undefined } : { ...values };
    const parsed = v.safeParse(editing ? UpdateUserSchema : AddUserSchema, input);
    if (!parsed.success) {
      setErrors(fieldErrors(t, parsed.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (editing) {
        // a declared write: the replica shows the change at once; the outbox sends it (offline too)
        const { username: _username, roleId: _roleId, ...fields } = input;
        if (existing) await updateUser({ ...fields, id: String(userId), uuid: existing.uuid, sex: parsed.output.sex });
        await navigate({ to: '/user' });
      } else {
        const res = await addUser(input);
        if (!res.success) setFailure(reasonText(t, res.reason, res.params));
        else await navigate({ to: '/user' });
      }
    } catch (error) {
      setFailure(failureText(t, error));
    } finally {
      setBusy(false);
    }
  };

  if (editing && existing === null) return <p role="alert">{t('admin.users.notFound')}</p>;
  if (editing && !loaded) return <p aria-live="polite">{t('admin.common.loading')}</p>;
  const selectableRoles = (roles ?? []).filter((r) => ASSIGNABLE_ROLE_IDS.includes(r.id) || (r.id >= 1000 && r.selectable));
  return (
    <div className="admin-page">
      <h1>{editing ? t('admin.users.editTitle') : t('admin.users.add')}</h1>
      <form className="admin-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        {failure ? <p role="alert" className="alert alert--error">{failure}</p> : null}
        <fieldset>
          <legend>{t('admin.users.field.username')}</legend>
          {editing ? <p className="admin-muted">{t('admin.users.usernameFixed')}</p> : null}
          <TextInput label={t('admin.users.field.username')} value={values.username} onChange={set('username')} error={errors.username} disabled={editing} autoComplete="off" name="username" />
          <div className="field">
            <label className="field__label" htmlFor={ids.role}>{t('admin.users.field.role')}</label>
            <select id={ids.role} className="input" value={values.roleId} disabled={editing} onChange={(e) => set('roleId')(e.target.value)}>
              {(editing ? (roles ?? []) : selectableRoles).map((r) => (
                <option key={r.id} value={r.id}>{r.label}</option>
              ))}
            </select>
            {errors.roleId ? <p className="field__error">{errors.roleId}</p> : null}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('admin.participants.section.person')}</legend>
          <div className="admin-form__row">
            <TextInput label={t('admin.users.field.initials')} value={values.initials} onChange={set('initials')} error={errors.initials} name="initials" />
            <TextInput label={t('admin.users.field.givenName')} value={values.givenName} onChange={set('givenName')} error={errors.givenName} name="givenName" />
            <TextInput label={t('admin.users.field.surname')} value={values.surname} onChange={set('surname')} error={errors.surname} name="surname" />
          </div>
          <div className="admin-form__row">
            <TextInput label={t('admin.users.field.email')} type="email" value={values.email} onChange={set('email')} error={errors.email} name="email"
              disabled={emailLock !== null} hint={emailLock ?? undefined} />
            <TextInput label={t('admin.users.field.phone')} type="tel" value={values.phone} onChange={set('phone')} error={errors.phone} name="phone" />
          </div>
          <div className="admin-form__row">
            <div className="field">
              <label className="field__label" htmlFor={ids.sex}>{t('admin.users.field.sex')}</label>
              <select id={ids.sex} className="input" value={values.sex} onChange={(e) => set('sex')(e.target.value)}>
                {(['unknown', 'male', 'female', 'other'] as const).map((s) => (
                  <option key={s} value={s}>{t(`admin.users.sex.${s}`)}</option>
                ))}
              </select>
            </div>
            <TextInput label={t('admin.users.field.dateOfBirth')} value={values.dateOfBirth} onChange={set('dateOfBirth')} error={errors.dateOfBirth} name="dateOfBirth" />
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('admin.participants.section.guidance')}</legend>
          <div className="field">
            <label className="field__label" htmlFor={ids.project}>{t('admin.users.field.project')}</label>
            <select id={ids.project} className="input" value={values.projectId} onChange={(e) => set('projectId')(e.target.value)}>
              <option value="">{t('admin.users.field.noProject')}</option>
              {(projects ?? []).map((p) => (
                <option key={p.id} value={p.id}>{p.label}</option>
              ))}
            </select>
          </div>
          <label className="admin-check">
            <input type="checkbox" checked={values.accessToAllParticipants} onChange={(e) => set('accessToAllParticipants')(e.target.checked)} />
            {t('admin.users.field.accessToAllParticipants')}
          </label>
          <label className="admin-check">
            <input type="checkbox" checked={values.wageValueExpert} onChange={(e) => set('wageValueExpert')(e.target.checked)} />
            {t('admin.users.field.wageValueExpert')}
          </label>
          <div className="admin-form__row">
            <TextInput label={t('admin.users.field.personalCode')} value={values.personalCode} onChange={set('personalCode')} error={errors.personalCode} />
            <TextInput label={t('admin.users.field.sbbUserCode')} value={values.sbbUserCode} onChange={set('sbbUserCode')} error={errors.sbbUserCode} />
          </div>
          <TextInput label={t('admin.users.field.experienceCoaching')} value={values.experienceCoaching} onChange={set('experienceCoaching')} error={errors.experienceCoaching} />
          <TextInput label={t('admin.users.field.experienceNotes')} value={values.experienceNotes} onChange={set('experienceNotes')} error={errors.experienceNotes} />
          <TextInput label={t('admin.users.field.notes')} value={values.notes} onChange={set('notes')} error={errors.notes} />
        </fieldset>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>{busy ? t('admin.common.saving') : t('admin.common.save')}</button>
          <Link to="/user" className="button">{t('admin.common.cancel')}</Link>
        </div>
      </form>
    </div>
  );
}
