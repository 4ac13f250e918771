import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReplicaDocument } from '../../domain/sync/types';
import type { PlanInput } from '../../domain/wage-value/schemas';
import type { ParticipantOption, SettingsView, UserOption } from './queries';

const s = (x: unknown): string => (typeof x === 'string' ? x : '');
const n = (x: unknown): number | null => (typeof x === 'number' ? x : null);

/** Add or edit a planning row; status, sequence and region are chosen from the settings lists. */
export function PlanForm(p: { plan: ReplicaDocument | null; uuid: string; participants: ParticipantOption[]; users: UserOption[]; settings: SettingsView; onSave: (input: PlanInput) => Promise<string | null>; onCancel: () => void }) {
  const { t } = useTranslation();
  const d = p.plan;
  const [v, setV] = useState<PlanInput>({
    uuid: p.uuid, participantId: n(d?.participantId) ?? 0, planDate: s(d?.planDate).slice(0, 10) || '', statusId: n(d?.statusId), sequenceId: n(d?.sequenceId),
    regionId: n(d?.regionId), assessorUserId: n(d?.assessorUserId), active: d ? d.active !== false : true, employerName: s(d?.employerName),
    employerAddress: s(d?.employerAddress), employerPlace: s(d?.employerPlace), employerContact: s(d?.employerContact), employerPhone: s(d?.employerPhone),
    jobCoach: s(d?.jobCoach), notes: s(d?.notes),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = (k: 'employerName' | 'employerAddress' | 'employerPlace' | 'employerContact' | 'employerPhone' | 'jobCoach') => (
    <div className="field" key={k}>
      <label className="field__label" htmlFor={`plan-${k}`}>{t(`wageValue.planning.${k}`)}</label>
      <input id={`plan-${k}`} className="input" value={v[k] ?? ''} onChange={(e) => setV({ ...v, [k]: e.target.value })} />
    </div>
  );
  const select = (k: 'statusId' | 'sequenceId' | 'regionId' | 'assessorUserId', label: string, options: { id: number | null; label: string }[]) => (
    <div className="field" key={k}>
      <label className="field__label" htmlFor={`plan-${k}`}>{label}</label>
      <select id={`plan-${k}`} className="input" value={v[k] ?? ''} onChange={(e) => setV({ ...v, [k]: e.target.value === '' ? null : Number(e.target.value) })}>
        <option value="">{t('wageValue.planning.none')}</option>
        {options.filter((o) => o.id !== null).map((o) => <option key={o.id} value={o.id ?? ''}>{o.label}</option>)}
      </select>
    </div>
  );
  return (
    <form className="card wv-plan-form" aria-labelledby="plan-form-title" noValidate onSubmit={(e) => {
      e.preventDefault();
      setBusy(true);
      void p.onSave({ ...v, planDate: v.planDate || null }).then((reason) => { setBusy(false); setError(reason); });
    }}>
      <h2 id="plan-form-title">{t('wageValue.planning.formTitle')}</h2>
      <div className="wv-grid">
        <div className="field">
          <label className="field__label" htmlFor="plan-participant">{t('wageValue.planning.participant')}</label>
          <select id="plan-participant" className="input" value={v.participantId || ''} onChange={(e) => setV({ ...v, participantId: Number(e.target.value) })}>
            <option value="">{t('wageValue.wizard.chooseParticipant')}</option>
            {p.participants.map((x) => <option key={x.id} value={x.id}>{x.name}</option>)}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="plan-date">{t('wageValue.planning.planDate')}</label>
          <input id="plan-date" className="input" type="date" value={v.planDate ?? ''} onChange={(e) => setV({ ...v, planDate: e.target.value })} />
        </div>
        {select('statusId', t('wageValue.planning.status'), p.settings.statuses)}
        {select('sequenceId', t('wageValue.planning.sequence'), p.settings.sequences)}
        {p.settings.useRegion ? select('regionId', t('wageValue.planning.region'), p.settings.regions) : null}
        {select('assessorUserId', t('wageValue.planning.assessor'), p.users.map((u) => ({ id: u.id, label: u.name })))}
        {text('employerName')}{text('employerAddress')}{text('employerPlace')}{text('employerContact')}{text('employerPhone')}{text('jobCoach')}
        <div className="field">
          <label className="field__label" htmlFor="plan-notes">{t('wageValue.planning.remarks')}</label>
          <textarea id="plan-notes" className="input wv-textarea" value={v.notes ?? ''} onChange={(e) => setV({ ...v, notes: e.target.value })} />
        </div>
        <label className="wv-check"><input type="checkbox" checked={v.active !== false} onChange={(e) => setV({ ...v, active: e.target.checked })} /> {t('wageValue.planning.active')}</label>
      </div>
      {error ? <p className="alert alert--error" role="alert">{t(error as 'wageValue.errors.required')}</p> : null}
      <div className="wv-step__actions">
        <button type="button" className="button" onClick={p.onCancel}>{t('wageValue.planning.cancel')}</button>
        <button type="submit" className="button button--primary" disabled={busy}>{t('wageValue.planning.save')}</button>
      </div>
    </form>
  );
}
