import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../lib/error-reporting';
import { workPlans } from './actions';
import { useReference } from './hooks';
import { staffOptions } from './staff-options';

const KEEP = 'keep';

/** The batched change of coach or manager over the selected plans (an empty choice clears it). */
export function BatchChange({ uuids, onDone }: { uuids: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const staff = staffOptions(useReference('users'));
  const [coach, setCoach] = useState(KEEP);
  const [manager, setManager] = useState(KEEP);
  const [notice, setNotice] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input: { uuids: string[]; coachId?: number | ''; managerId?: number | '' } = { uuids };
    if (coach !== KEEP) input.coachId = coach === '' ? '' : Number(coach);
    if (manager !== KEEP) input.managerId = manager === '' ? '' : Number(manager);
    if (input.coachId === undefined && input.managerId === undefined) return;
    // One row per plan: each is merged, checked for conflicts and answered on its own (a conflict on
    // one plan shows in /wijzigingen for that plan only; the others go through).
    Promise.all(uuids.map((uuid) => workPlans().updateWorkPlan({ ...input, uuids: [uuid] }))).then(
      () => {
        setNotice(t('workPlans.batch.done', { count: uuids.length }));
        onDone();
      },
      (err: unknown) => reportError(err),
    );
  };
  const select = (id: string, value: string, set: (v: string) => void) => (
    <select id={id} className="input" value={value} onChange={(e) => set(e.target.value)}>
      <option value={KEEP}>{t('workPlans.batch.keep')}</option>
      <option value="">{t('workPlans.batch.clear')}</option>
      {staff.map((s) => (
        <option key={s.id} value={String(s.id)}>{s.name}</option>
      ))}
    </select>
  );
  return (
    <form className="work-plans__batch card" onSubmit={submit} aria-label={t('workPlans.batch.title', { count: uuids.length })}>
      <p>{t('workPlans.batch.title', { count: uuids.length })}</p>
      <label htmlFor="batch-coach">{t('workPlans.fields.coach')}</label>
      {select('batch-coach', coach, setCoach)}
      <label htmlFor="batch-manager">{t('workPlans.fields.manager')}</label>
      {select('batch-manager', manager, setManager)}
      <button type="submit" className="button button--primary">{t('workPlans.batch.apply')}</button>
      {notice && <p role="status">{notice}</p>}
    </form>
  );
}
