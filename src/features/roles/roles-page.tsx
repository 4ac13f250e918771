import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphMutation, graphRequest, type MutationResult } from '../../lib/api/client';
import { useReplicaQuery } from '../../lib/replica/hooks';
import type { ReplicaReader } from '../../lib/replica/replica-db';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { AclRoleInputSchema, PARENT_ROLE_IDS } from '../../domain/company-settings/roles';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import { applyRefusal, schemaResolver } from '../../lib/forms/form-helpers';
import './roles.css';

interface RoleView {
  id: number;
  label: string;
  parentRoleId: number | null;
  selectable: boolean;
  editable: boolean;
  own: boolean;
}

/** Acl roles of the replica: the fixed ones and the company's own. */
export async function readRoles(r: ReplicaReader): Promise<RoleView[]> {
  const docs = await r.docs('aclRoles').toArray();
  return docs
    .filter((d) => !d._deleted)
    .map((d) => ({
      id: Number(d.id),
      label: typeof d.label === 'string' ? d.label : '',
      parentRoleId: typeof d.parentRoleId === 'number' ? d.parentRoleId : null,
      selectable: d.selectable === true,
      editable: d.editable === true,
      own: d.companyId !== null && d.companyId !== undefined,
    }))
    .sort((a, b) => a.id - b.id);
}

type Form = { id: string | null; label: string; parentRoleId: string; selectable: boolean; editable: boolean };
type Values = Omit<Form, 'id'>;
const EMPTY_VALUES: Values = { label: '', parentRoleId: '4', selectable: true, editable: true };

async function saveRole(form: Form): Promise<MutationResult> {
  const input = { label: form.label, parentRoleId: form.parentRoleId, selectable: form.selectable, editable: form.editable, ...(form.id ? { id: form.id } : {}) };
  if (form.id) return graphMutation('updateAclRole', 'mutation($i: AclRoleInput!) { updateAclRole(input: $i) { success reason params } }', { i: input });
  const data = await graphRequest<{ addAclRole: MutationResult }>('mutation($i: AclRoleInput!) { addAclRole(input: $i) { success reason params id } }', { i: input });
  return data.addAclRole;
}

/** /rechten: acl roles with a parent role; a company role has exactly its parent's rights. */
export function RolesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.roles.title'));
  const roles = useReplicaQuery((r) => readRoles(r), []);
  // the role being edited (null: a new one); its fields on react-hook-form with the write's schema (issue 21)
  const [editingId, setEditingId] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const id = useId();
  const labelOf = (roleId: number | null) => roles?.find((r) => r.id === roleId)?.label ?? '';
  const { register, handleSubmit, reset, setError, getValues, formState: { errors } } = useForm<Values, unknown, unknown>({
    defaultValues: EMPTY_VALUES,
    resolver: schemaResolver(t, AclRoleInputSchema, (values: Values) => ({ ...values, id: editingId })),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const edit = (form: Form) => {
    setEditingId(form.id);
    reset({ label: form.label, parentRoleId: form.parentRoleId, selectable: form.selectable, editable: form.editable });
  };

  const submit = async () => {
    setNotice(null);
    try {
      const res = await saveRole({ ...getValues(), id: editingId });
      if (res.success) {
        edit({ id: null, ...EMPTY_VALUES });
        setNotice({ kind: 'ok', text: t('admin.roles.savedDone') });
      } else {
        const text = applyRefusal(t, setError, ['label', 'parentRoleId'], res.reason, res.params);
        if (text) setNotice({ kind: 'error', text });
      }
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
  };
  const remove = async (role: RoleView) => {
    if (!window.confirm(t('admin.roles.deleteConfirm', { label: role.label }))) return;
    const res = await graphMutation('deleteAclRole', 'mutation($id: ID!) { deleteAclRole(id: $id) { success reason params } }', { id: String(role.id) }).catch(() => ({ success: false, reason: null }));
    setNotice(res.success ? { kind: 'ok', text: t('admin.roles.savedDone') } : { kind: 'error', text: reasonText(t, res.reason) });
  };

  if (!roles) return <p aria-live="polite">{t('admin.common.loading')}</p>;
  const own = roles.filter((r) => r.own);
  const table = (list: RoleView[], actions: boolean) => (
    <div className="admin-table-wrap">
    <table className="admin-table">
      <thead>
        <tr>
          <th scope="col">{t('admin.roles.name')}</th>
          <th scope="col">{t('admin.roles.parent')}</th>
          <th scope="col">{t('admin.roles.selectable')}</th>
          <th scope="col">{t('admin.roles.editable')}</th>
          {actions ? <th scope="col">{t('admin.common.actions')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {list.map((r) => (
          <tr key={r.id}>
            <th scope="row">{r.label}</th>
            <td>{r.parentRoleId === null ? t('admin.common.none') : labelOf(r.parentRoleId)}</td>
            <td>{r.selectable ? t('admin.common.yes') : t('admin.common.no')}</td>
            <td>{r.editable ? t('admin.common.yes') : t('admin.common.no')}</td>
            {actions ? (
              <td className="admin-actions">
                <button type="button" className="button button--small" disabled={!r.editable} onClick={() => edit({ id: String(r.id), label: r.label, parentRoleId: String(r.parentRoleId ?? 4), selectable: r.selectable, editable: r.editable })} aria-label={`${t('admin.common.edit')}: ${r.label}`}>{t('admin.common.edit')}</button>
                <button type="button" className="button button--small" disabled={!r.editable} onClick={() => void remove(r)} aria-label={`${t('admin.common.delete')}: ${r.label}`}>{t('admin.common.delete')}</button>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
  return (
    <div className="admin-page">
      <h1>{t('admin.roles.title')}</h1>
      <p>{t('admin.roles.intro')}</p>
      <h2>{t('admin.roles.own')}</h2>
      {own.length ? table(own, true) : <p>{t('admin.roles.empty')}</p>}
      {notice ? <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`alert ${notice.kind === 'error' ? 'alert--error' : 'alert--success'}`}>{notice.text}</p> : null}
      <form className="admin-form admin-card" noValidate onSubmit={(e) => void handleSubmit(submit)(e)} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{editingId ? t('admin.common.edit') : t('admin.roles.add')}</h2>
        {errors.root?.message ? <p role="alert" className="alert alert--error">{errors.root.message}</p> : null}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-label`}>{t('admin.roles.name')}</label>
          <input id={`${id}-label`} className="input" aria-invalid={errors.label ? true : undefined} aria-describedby={errors.label ? `${id}-label-error` : undefined} {...register('label')} />
          {errors.label ? <p id={`${id}-label-error`} className="field__error">{errors.label.message}</p> : null}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-parent`}>{t('admin.roles.parent')}</label>
          <select id={`${id}-parent`} className="input" aria-invalid={errors.parentRoleId ? true : undefined} aria-describedby={errors.parentRoleId ? `${id}-parent-error` : undefined} {...register('parentRoleId')}>
            {PARENT_ROLE_IDS.map((p) => (
              <option key={p} value={p}>{labelOf(p)}</option>
            ))}
          </select>
          {errors.parentRoleId ? <p id={`${id}-parent-error`} className="field__error">{errors.parentRoleId.message}</p> : null}
        </div>
        <label className="admin-check"><input type="checkbox" {...register('selectable')} />{t('admin.roles.selectable')}</label>
        <label className="admin-check"><input type="checkbox" {...register('editable')} />{t('admin.roles.editable')}</label>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary">{t('admin.common.save')}</button>
          {editingId ? <button type="button" className="button" onClick={() => edit({ id: null, ...EMPTY_VALUES })}>{t('admin.common.cancel')}</button> : null}
        </div>
      </form>
      <h2>{t('admin.roles.fixed')}</h2>
      {table(roles.filter((r) => !r.own), false)}
    </div>
  );
}
