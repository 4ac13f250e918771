import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import * as v from 'valibot';
import { sessionStore } from '../../lib/session/session-store';
import { syncApi, syncStore } from '../../lib/sync-client';
import { replicaReader } from '../../lib/replica/replica-db';
import { reportError } from '../../lib/error-reporting';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { NavLink } from '../../lib/ui/nav-link';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import { roleKind } from '../../domain/users/roles-policy';
import { SaveDashboardSchema } from '../../domain/dashboards/inputs';
import { schemaResolver } from '../../lib/forms/form-helpers';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { dashboardList, projectOptions, refusedDashboardWrites, roleOptions, widgetCounts, type DashboardDoc } from './queries';
import './dashboards.css';

/** Who may build dashboards (the server's matrix: administrators and managers; docs/decisions-dashboards.md). */
export const mayEditDashboards = (roleId: number | undefined) => {
  const kind = roleKind(roleId ?? 0);
  return kind === 'admin' || kind === 'manager';
};

/** The name part of the saveDashboard write (its own field schema: the worker and the server check the same). */
const NameFormSchema = v.pick(SaveDashboardSchema, ['name']);
type NameValues = { name: string };

/**
 * A dashboard's name on react-hook-form with the write's schema (issue 21): the message goes as the name
 * becomes valid, the focus goes to the field when it is refused, a failure to queue shows under it.
 */
function useNameForm(name: string) {
  const { t } = useTranslation();
  return useForm<NameValues, unknown, v.InferOutput<typeof NameFormSchema>>({
    defaultValues: { name },
    resolver: schemaResolver(t, NameFormSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
}

/**
 * /dashboards: the dashboards visible to the user, from the replica (offline too). Create, rename,
 * delete with undo and visibility per project and role are declared writes (queued offline).
 */
export function DashboardList() {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboards.title'));
  const { user } = useSnapshot(sessionStore);
  const editable = mayEditDashboards(user?.roleId);
  const list = useReplicaQuery((r) => dashboardList(r), []);
  const counts = useReplicaQuery((r) => widgetCounts(r), []) ?? {};
  const refused = useReplicaQuery((r) => refusedDashboardWrites(r), []) ?? [];
  const { register, handleSubmit, reset, setError, formState: { errors } } = useNameForm('');
  const error = errors.name?.message;
  const [undo, setUndo] = useState<{ uuid: string; name: string; clientMutationId: string } | null>(null);
  const ids = { name: useId(), error: useId() };

  const create = async ({ name }: { name: string }) => {
    try {
      await syncApi().dashboards.saveDashboard({ uuid: uuidv7(), name, sortOrder: (list?.length ?? 0) });
      reset({ name: '' });
    } catch (err) {
      // nothing typed is lost: the name stays, with the reason on it
      setError('name', { type: 'server', message: failureText(t, err) }, { shouldFocus: true });
    }
  };

  const remove = async (d: DashboardDoc) => {
    const clientMutationId = await syncApi().dashboards.deleteDashboard({ uuid: d.uuid });
    setUndo({ uuid: d.uuid, name: d.name, clientMutationId });
  };

  const undoRemove = async () => {
    if (!undo) return;
    const u = undo;
    setUndo(null);
    const session = syncStore.session;
    const row = session ? await replicaReader(session).outbox.get(u.clientMutationId) : undefined;
    // still queued (offline): take the delete back; else the server brings it back with its widgets
    if (row && row.status !== 'failed') await syncApi().outbox.discard(u.clientMutationId);
    else await syncApi().dashboards.saveDashboard({ uuid: u.uuid, name: u.name, restore: true });
  };

  return (
    <section className="dash" aria-labelledby="dash-title">
      <header className="dash__header">
        <h1 id="dash-title">{t('dashboards.title')}</h1>
        <p className="dash-muted">{t('dashboards.list.intro')}</p>
      </header>
      {refused.length > 0 ? (
        <div role="alert" className="alert alert--error">
          <ul>
            {refused.map((row) => (
              <li key={row.clientMutationId}>
                <strong>{t(`dashboards.writes.${row.op.slice('dashboards.'.length) as 'saveDashboard'}`)}</strong>: {reasonText(t, row.error, row.errorParams as Record<string, string | number> | null | undefined)}{' '}
                <button type="button" className="button button--small" onClick={() => void syncApi().outbox.discard(row.clientMutationId).catch(reportError)}>
                  {t('dashboards.list.cancel')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {undo ? (
        <div role="status" className="alert alert--success dash-undo" data-testid="dash-undo">
          {t('dashboards.list.deleted', { name: undo.name })}{' '}
          <button type="button" className="button button--small" onClick={() => void undoRemove().catch(reportError)}>
            {t('dashboards.list.undo')}
          </button>
        </div>
      ) : null}
      {editable ? (
        <form className="dash-create" onSubmit={(e) => void handleSubmit(create)(e)} noValidate>
          <div className="field">
            <label htmlFor={ids.name}>{t('dashboards.list.name')}</label>
            <input id={ids.name} className="input" maxLength={120} aria-invalid={error ? true : undefined} aria-describedby={error ? ids.error : undefined} {...register('name')} />
            {error ? <p id={ids.error} className="field__error">{error}</p> : null}
          </div>
          <button type="submit" className="button button--primary">{t('dashboards.list.create')}</button>
        </form>
      ) : (
        <p className="dash-muted">{t('dashboards.list.readOnly')}</p>
      )}
      {list === undefined ? <p role="status">{t('dashboards.list.loading')}</p> : null}
      {list?.length === 0 ? <p>{t('dashboards.list.empty')}</p> : null}
      {list && list.length > 0 ? (
        <ul className="dash-list">
          {list.map((d) => (
            <DashboardItem key={d.uuid} d={d} count={counts[d.uuid] ?? 0} editable={editable} onDelete={() => void remove(d).catch(reportError)} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function DashboardItem({ d, count, editable, onDelete }: { d: DashboardDoc; count: number; editable: boolean; onDelete: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'view' | 'rename' | 'visibility'>('view');
  const { register, handleSubmit, reset, setError, formState: { errors } } = useNameForm(d.name);
  const error = errors.name?.message;
  const ids = { name: useId(), error: useId() };
  const rename = async ({ name }: { name: string }) => {
    try {
      await syncApi().dashboards.saveDashboard({ uuid: d.uuid, name });
      setMode('view');
      reset({ name });
    } catch (err) {
      setError('name', { type: 'server', message: failureText(t, err) }, { shouldFocus: true });
    }
  };
  return (
    <li className="dash-list__item" data-testid="dash-item">
      {mode === 'rename' ? (
        <form className="dash-inline" onSubmit={(e) => void handleSubmit(rename)(e)} noValidate>
          <label htmlFor={ids.name}>{t('dashboards.list.name')}</label>
          <input id={ids.name} className="input" maxLength={120} autoFocus aria-invalid={error ? true : undefined} aria-describedby={error ? ids.error : undefined} {...register('name')} />
          <button type="submit" className="button button--primary button--small">{t('dashboards.list.save')}</button>
          <button type="button" className="button button--small" onClick={() => { setMode('view'); reset({ name: d.name }); }}>{t('dashboards.list.cancel')}</button>
          {error ? <p id={ids.error} className="field__error">{error}</p> : null}
        </form>
      ) : (
        <div className="dash-list__main">
          <NavLink href={`/dashboards/${d.uuid}`} className="dash-list__name">{d.name}</NavLink>
          <span className="dash-muted">{t('dashboards.list.widgets', { count })}</span>
          {d.pending ? <span className="dash-badge">{t('dashboards.list.pending')}</span> : null}
        </div>
      )}
      {editable && mode === 'view' ? (
        <div className="dash-list__actions">
          <button type="button" className="button button--small" onClick={() => setMode('rename')} aria-label={`${t('dashboards.list.rename')}: ${d.name}`}>{t('dashboards.list.rename')}</button>
          <button type="button" className="button button--small" aria-expanded={false} onClick={() => setMode('visibility')} aria-label={`${t('dashboards.list.visibility')}: ${d.name}`}>{t('dashboards.list.visibility')}</button>
          <button type="button" className="button button--small" onClick={onDelete} aria-label={`${t('dashboards.list.delete')}: ${d.name}`}>{t('dashboards.list.delete')}</button>
        </div>
      ) : null}
      {mode === 'visibility' ? <VisibilityForm d={d} onDone={() => setMode('view')} /> : null}
    </li>
  );
}

/** One visibility list (projects or roles): nothing chosen means everyone. */
function CheckGroup({ legend, options, chosen, onToggle }: { legend: string; options: readonly { id: number; label: string }[]; chosen: ReadonlySet<number>; onToggle: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{legend}</legend>
      <p className="dash-muted">{t('dashboards.list.everyone')}</p>
      {options.map((x) => (
        <label key={x.id} className="dash-check">
          <input type="checkbox" checked={chosen.has(x.id)} onChange={() => onToggle(x.id)} /> {x.label}
        </label>
      ))}
    </fieldset>
  );
}

const VisibilityFormSchema = v.pick(SaveDashboardSchema, ['visibleProjectIds', 'visibleRoleIds']);
type VisibilityValues = { visibleProjectIds: number[]; visibleRoleIds: number[] };

function VisibilityForm({ d, onDone }: { d: DashboardDoc; onDone: () => void }) {
  const { t } = useTranslation();
  const projects = useReplicaQuery((r) => projectOptions(r), []) ?? [];
  const roles = useReplicaQuery((r) => roleOptions(r), []) ?? [];
  // react-hook-form with the visibility part of the saveDashboard write (issue 21)
  const { handleSubmit, setValue, setError, control, formState: { errors } } = useForm<VisibilityValues, unknown, v.InferOutput<typeof VisibilityFormSchema>>({
    defaultValues: { visibleProjectIds: [...d.visibleProjectIds], visibleRoleIds: [...d.visibleRoleIds] },
    resolver: schemaResolver(t, VisibilityFormSchema, (values) => ({ visibleProjectIds: [...values.visibleProjectIds].sort((a, b) => a - b), visibleRoleIds: [...values.visibleRoleIds].sort((a, b) => a - b) })),
    reValidateMode: 'onChange',
  });
  const [p, r] = useWatch({ control, name: ['visibleProjectIds', 'visibleRoleIds'] });
  const toggle = (field: keyof VisibilityValues, list: readonly number[], id: number) =>
    setValue(field, list.includes(id) ? list.filter((x) => x !== id) : [...list, id], { shouldDirty: true, shouldValidate: errors[field] !== undefined });
  const save = async (values: v.InferOutput<typeof VisibilityFormSchema>) => {
    try {
      await syncApi().dashboards.saveDashboard({ uuid: d.uuid, name: d.name, visibleProjectIds: values.visibleProjectIds ?? [], visibleRoleIds: values.visibleRoleIds ?? [] });
      onDone();
    } catch (err) {
      setError('root', { type: 'server', message: failureText(t, err) });
    }
  };
  const error = errors.root?.message ?? errors.visibleProjectIds?.message ?? errors.visibleRoleIds?.message;
  return (
    <form className="dash-visibility" onSubmit={(e) => void handleSubmit(save)(e)} aria-label={t('dashboards.list.visibilityFor', { name: d.name })}>
      <CheckGroup legend={t('dashboards.list.projects')} options={projects.map((x) => ({ id: x.id, label: x.name }))} chosen={new Set(p)} onToggle={(id) => toggle('visibleProjectIds', p, id)} />
      <CheckGroup legend={t('dashboards.list.roles')} options={roles} chosen={new Set(r)} onToggle={(id) => toggle('visibleRoleIds', r, id)} />
      {error ? <p role="alert" className="field__error">{error}</p> : null}
      <div className="dash-inline">
        <button type="submit" className="button button--primary button--small">{t('dashboards.list.save')}</button>
        <button type="button" className="button button--small" onClick={onDone}>{t('dashboards.list.cancel')}</button>
      </div>
    </form>
  );
}
