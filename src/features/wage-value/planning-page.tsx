import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { toDutchDate } from '../../domain/wage-value/numbers';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { wageValueActions } from './actions';
import { PlanForm } from './plan-form';
import { usePlans, useParticipants, useStaffUsers, useWageValueSettings, useAllMeasurements } from './queries';
import { OutboxIssues } from './outbox-issues';
import './wage-value.css';

const PAGE = 20;

/** Planning (02 §2): plan rows with status, sequence and region (when useWageValueRegion), notes per plan. */
export function PlanningPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('wageValue.planning.title'));
  const plans = usePlans();
  const participants = useParticipants();
  const users = useStaffUsers();
  const settings = useWageValueSettings();
  const measurements = useAllMeasurements();
  const [editing, setEditing] = useState<{ uuid: string; isNew: boolean } | null>(null);
  const [onlyActive, setOnlyActive] = useState(true);
  const [statusFilter, setStatusFilter] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<string | null>(null);
  const names = useMemo(() => new Map((participants ?? []).map((p) => [p.id, p.name])), [participants]);
  const label = (list: { id: number | null; label: string }[] | undefined, id: unknown) => list?.find((x) => x.id === id)?.label ?? '–';
  if (!plans || !participants || !users || !settings) return <p aria-live="polite">{t('wageValue.search.loading')}</p>;
  const rows = plans
    .filter((p) => (!onlyActive || p.active !== false) && (statusFilter === null || p.statusId === statusFilter))
    .sort((a, b) => (typeof b.planDate === 'string' ? b.planDate : '').localeCompare(typeof a.planDate === 'string' ? a.planDate : ''));
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const current = Math.min(page, pages);
  const editedPlan = editing && !editing.isNew ? plans.find((p) => p.uuid === editing.uuid) ?? null : null;
  return (
    <section className="wv-page" aria-labelledby="wv-planning-title">
      <header className="wv-page__header">
        <h1 id="wv-planning-title">{t('wageValue.planning.title')}</h1>
        <button type="button" className="button button--primary" onClick={() => setEditing({ uuid: uuidv7(), isNew: true })}>{t('wageValue.planning.add')}</button>
      </header>
      {editing ? (
        <PlanForm key={editing.uuid} plan={editedPlan} uuid={editing.uuid} participants={participants} users={users} settings={settings}
          onCancel={() => setEditing(null)}
          onSave={async (input) => {
            const answer = editing.isNew ? await wageValueActions.addPlan(input) : await wageValueActions.updatePlan(input);
            if (!answer.queued) return answer.reason ?? 'wageValue.actions.failed';
            setEditing(null);
            setMessage(t('wageValue.planning.saved'));
            return null;
          }} />
      ) : null}
      {message ? <p role="status" className="alert">{message}</p> : null}
      <OutboxIssues collections={['wageValuePlans']} />
      <div className="wv-filters">
        <label className="wv-check"><input type="checkbox" checked={onlyActive} onChange={(e) => { setOnlyActive(e.target.checked); setPage(1); }} /> {t('wageValue.planning.onlyActive')}</label>
        <div className="field">
          <label className="field__label" htmlFor="plan-filter-status">{t('wageValue.planning.status')}</label>
          <select id="plan-filter-status" className="input" value={statusFilter ?? ''} onChange={(e) => { setStatusFilter(e.target.value ? Number(e.target.value) : null); setPage(1); }}>
            <option value="">{t('wageValue.planning.allStatuses')}</option>
            {settings.statuses.map((s) => <option key={s.uuid} value={s.id ?? ''}>{s.label}</option>)}
          </select>
        </div>
      </div>
      {rows.length === 0 ? <p className="wv-empty">{t('wageValue.planning.empty')}</p> : (<>
        <table className="wv-table" data-testid="planning-table">
          <caption className="visually-hidden">{t('wageValue.planning.title')}</caption>
          <thead><tr>
            <th scope="col">{t('wageValue.planning.planDate')}</th><th scope="col">{t('wageValue.planning.participant')}</th>
            <th scope="col">{t('wageValue.planning.status')}</th><th scope="col">{t('wageValue.planning.sequence')}</th>
            {settings.useRegion ? <th scope="col">{t('wageValue.planning.region')}</th> : null}
            <th scope="col">{t('wageValue.planning.assessor')}</th><th scope="col">{t('wageValue.planning.employerName')}</th>
            <th scope="col">{t('wageValue.planning.measurement')}</th><th scope="col"><span className="visually-hidden">{t('wageValue.actions.title')}</span></th>
          </tr></thead>
          <tbody>
            {rows.slice((current - 1) * PAGE, current * PAGE).map((p) => {
              const m = measurements?.find((x) => x.id === p.measurementId);
              return (
                <tr key={p.uuid}>
                  <td>{toDutchDate(typeof p.planDate === 'string' ? p.planDate : null)}</td>
                  <th scope="row">{names.get(Number(p.participantId)) ?? '–'}</th>
                  <td>{label(settings.statuses, p.statusId)}</td><td>{label(settings.sequences, p.sequenceId)}</td>
                  {settings.useRegion ? <td>{label(settings.regions, p.regionId)}</td> : null}
                  <td>{users.find((u) => u.id === p.assessorUserId)?.name ?? '–'}</td>
                  <td>{typeof p.employerName === 'string' ? p.employerName : ''}</td>
                  <td>{m ? <Link to="/wage-value/measurement/edit/$measurementId" params={{ measurementId: m.uuid }}>{t(`wageValue.options.status.${m.status}`)}</Link> : '–'}</td>
                  <td className="wv-row-actions">
                    <Link to="/wage-value/measurement/planning/$id/notes" params={{ id: p.uuid }}>{t('wageValue.planning.notes')}</Link>
                    <button type="button" className="button" onClick={() => setEditing({ uuid: p.uuid, isNew: false })}>{t('wageValue.planning.edit')}</button>
                    <button type="button" className="button" onClick={() => {
                      if (!window.confirm(t('wageValue.planning.confirmDelete'))) return;
                      void wageValueActions.deletePlan(p.uuid).then((a) => setMessage(a.queued ? t('wageValue.planning.saved') : t((a.reason ?? 'wageValue.actions.failed') as 'wageValue.errors.required')));
                    }}>{t('wageValue.planning.delete')}</button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <nav className="wv-pager" aria-label={t('wageValue.search.page', { page: current, pages })}>
          <button type="button" className="button" disabled={current <= 1} onClick={() => setPage(current - 1)}>{t('wageValue.search.previous')}</button>
          <span>{t('wageValue.search.page', { page: current, pages })}</span>
          <button type="button" className="button" disabled={current >= pages} onClick={() => setPage(current + 1)}>{t('wageValue.search.nextPage')}</button>
        </nav>
      </>)}
    </section>
  );
}
