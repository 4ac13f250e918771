import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { graphMutation, graphRequest, type MutationResult } from '../../lib/api/client';
import { useReplicaQuery } from '../../lib/replica/hooks';
import type { ReplicaReader } from '../../lib/replica/replica-db';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { AclRoleInputSchema, PARENT_ROLE_IDS } from '../../domain/company-settings/roles';
import { failureText, reasonText } from '../../lib/ui/reason-text';
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
const EMPTY: Form = { id: null, label: '', parentRoleId: '4', selectable: true, editable: true };

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
  const [form, setForm] = useState<Form>(EMPTY);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const id = useId();
  const labelOf = (roleId: number | null) => roles?.find((r) => r.id === roleId)?.label ?? '';

  const submit = async () => {
    setNotice(null);
    const parsed = v.safeParse(AclRoleInputSchema, form);
    if (!parsed.success) return setNotice({ kind: 'error', text: t((parsed.issues[0]?.message ?? 'admin.errors.unknown') as 'admin.errors.unknown') });
    try {
      const res = await saveRole(form);
      if (res.success) {
        setForm(EMPTY);
        setNotice({ kind: 'ok', text: t('admin.roles.savedDone') });
      } else setNotice({ kind: 'error', text: reasonText(t, res.reason, res.params) });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
    return undefined;
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
                <button type="button" className="button button--small" disabled={!r.editable} onClick={() => setForm({ id: String(r.id), label: r.label, parentRoleId: String(r.parentRoleId ?? 4), selectable: r.selectable, editable: r.editable })} aria-label={`${t('admin.common.edit')}: ${r.label}`}>{t('admin.common.edit')}</button>
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
      <form className="admin-form admin-card" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{form.id ? t('admin.common.edit') : t('admin.roles.add')}</h2>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-label`}>{t('admin.roles.name')}</label>
          <input id={`${id}-label`} className="input" value={form.label} onChange={(e) => setForm({ ...form, label: e.target.value })} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-parent`}>{t('admin.roles.parent')}</label>
          <select id={`${id}-parent`} className="input" value={form.parentRoleId} onChange={(e) => setForm({ ...form, parentRoleId: e.target.value })}>
            {PARENT_ROLE_IDS.map((p) => (
              <option key={p} value={p}>{labelOf(p)}</option>
            ))}
          </select>
        </div>
        <label className="admin-check"><input type="checkbox" checked={form.selectable} onChange={(e) => setForm({ ...form, selectable: e.target.checked })} />{t('admin.roles.selectable')}</label>
        <label className="admin-check"><input type="checkbox" checked={form.editable} onChange={(e) => setForm({ ...form, editable: e.target.checked })} />{t('admin.roles.editable')}</label>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary">{t('admin.common.save')}</button>
          {form.id ? <button type="button" className="button" onClick={() => setForm(EMPTY)}>{t('admin.common.cancel')}</button> : null}
        </div>
      </form>
      <h2>{t('admin.roles.fixed')}</h2>
      {table(roles.filter((r) => !r.own), false)}
    </div>
  );
}
