import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import * as v from 'valibot';
import { AddWorkPlanSchema, issuesByField } from '../../domain/work-plan/inputs';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { reportError } from '../../lib/error-reporting';
import { workPlans } from './actions';
import { FieldError } from './field-error';
import { todayIso } from './format';
import { useReference } from './hooks';
import { NavLink } from '../../lib/ui/nav-link';
import { staffPaths } from './paths';
import { participantName } from './queries';
import { staffOptions } from './staff-options';
import { useCompanySettings } from './use-company-settings';
import './work-plans.css';

const plusMonths = (iso: string, months: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

/** Create a plan for a participant from a blueprint, with start and expected end dates, coach and manager. `planHref`: where the new plan opens (KWNW keeps its own). */
export function AddPlanForm({ participantId, planHref = staffPaths.plan }: { participantId?: number; planHref?: (key: string) => string }) {
  const { t } = useTranslation();
  const router = useRouter();
  const participants = useReference('participants');
  const blueprints = useReference('blueprints');
  const users = useReference('users');
  const settings = useCompanySettings();
  const [uuid] = useState(() => uuidv7());
  const [form, setForm] = useState({ participantId: participantId ? String(participantId) : '', blueprintId: '', name: '', startDate: todayIso(), expectedEndDate: plusMonths(todayIso(), 6), coachId: 'default', managerId: 'default' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useDocumentTitle(t('workPlans.add.title'));
  const people = useMemo(() => (participants ?? []).filter((p) => typeof p.id === 'number').map((p) => ({ id: p.id as number, name: participantName(p), coachId: p.coachId, managerId: p.managerId })).sort((a, b) => a.name.localeCompare(b.name, 'nl')), [participants]);
  const bps = (blueprints ?? []).filter((b) => typeof b.id === 'number').sort((a, b) => String(a.name).localeCompare(String(b.name), 'nl'));
  const staff = staffOptions(users);
  const hasManager = settings?.flags['has-manager'] ?? true;
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const person = people.find((p) => p.id === Number(form.participantId));
    const pick = (x: string, fallback: unknown): number | '' | undefined => (x === 'default' ? (typeof fallback === 'number' ? fallback : '') : x === '' ? '' : Number(x));
    const input = {
      uuid,
      participantId: form.participantId ? Number(form.participantId) : null,
      blueprintId: form.blueprintId ? Number(form.blueprintId) : null,
      name: form.name || null,
      startDate: form.startDate,
      expectedEndDate: form.expectedEndDate,
      coachId: pick(form.coachId, person?.coachId),
      ...(hasManager ? { managerId: pick(form.managerId, person?.managerId) } : {}),
    };
    const parsed = v.safeParse(AddWorkPlanSchema, input);
    const next = parsed.success ? {} : issuesByField(parsed.issues);
    setErrors(next);
    if (!parsed.success) return;
    const bp = bps.find((b) => b.id === input.blueprintId);
    workPlans().addWorkPlan(input, { blueprintName: typeof bp?.name === 'string' ? bp.name : '' }).then(() => router.navigate({ href: planHref(uuid) }), reportError);
  };
  const err = (k: string) => ({ 'aria-invalid': errors[k] ? true : undefined, 'aria-describedby': errors[k] ? `add-${k}-error` : undefined });

  return (
    <section className="work-plans" aria-labelledby="add-title">
      <p><NavLink href={staffPaths.list}>{t('workPlans.plan.back')}</NavLink></p>
      <h1 id="add-title">{t('workPlans.add.title')}</h1>
      {blueprints && bps.length === 0 && <p role="status">{t('workPlans.add.noBlueprints')}</p>}
      <form className="work-plans__form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="add-participantId">{t('workPlans.fields.participant')}</label>
          <select id="add-participantId" className="input" value={form.participantId} onChange={set('participantId')} {...err('participantId')}>
            <option value="">{t('workPlans.add.choose')}</option>
            {people.map((p) => <option key={p.id} value={String(p.id)}>{p.name}</option>)}
          </select>
          <FieldError id="add-participantId-error" message={errors.participantId} />
        </div>
        <div className="field">
          <label htmlFor="add-blueprintId">{t('workPlans.fields.blueprint')}</label>
          <select id="add-blueprintId" className="input" value={form.blueprintId} onChange={set('blueprintId')} {...err('blueprintId')}>
            <option value="">{t('workPlans.add.choose')}</option>
            {bps.map((b) => <option key={b.uuid} value={String(b.id)}>{String(b.name)}</option>)}
          </select>
          <FieldError id="add-blueprintId-error" message={errors.blueprintId} />
        </div>
        <div className="field">
          <label htmlFor="add-name">{t('workPlans.fields.name')}</label>
          <input id="add-name" className="input" value={form.name} onChange={set('name')} {...err('name')} />
          <FieldError id="add-name-error" message={errors.name} />
        </div>
        <div className="field">
          <label htmlFor="add-startDate">{t('workPlans.fields.startDate')}</label>
          <input id="add-startDate" className="input" type="date" value={form.startDate} onChange={set('startDate')} {...err('startDate')} />
          <FieldError id="add-startDate-error" message={errors.startDate} />
        </div>
        <div className="field">
          <label htmlFor="add-expectedEndDate">{t('workPlans.fields.expectedEndDate')}</label>
          <input id="add-expectedEndDate" className="input" type="date" value={form.expectedEndDate} onChange={set('expectedEndDate')} {...err('expectedEndDate')} />
          <FieldError id="add-expectedEndDate-error" message={errors.expectedEndDate} />
        </div>
        <div className="field">
          <label htmlFor="add-coachId">{t('workPlans.fields.coach')}</label>
          <select id="add-coachId" className="input" value={form.coachId} onChange={set('coachId')}>
            <option value="default">{t('workPlans.add.choose')}</option>
            <option value="">{t('workPlans.batch.clear')}</option>
            {staff.map((s) => <option key={s.id} value={String(s.id)}>{s.name}</option>)}
          </select>
        </div>
        {hasManager && (
          <div className="field">
            <label htmlFor="add-managerId">{t('workPlans.fields.manager')}</label>
            <select id="add-managerId" className="input" value={form.managerId} onChange={set('managerId')}>
              <option value="default">{t('workPlans.add.choose')}</option>
              <option value="">{t('workPlans.batch.clear')}</option>
              {staff.map((s) => <option key={s.id} value={String(s.id)}>{s.name}</option>)}
            </select>
          </div>
        )}
        <button type="submit" className="button button--primary">{t('workPlans.add.submit')}</button>
      </form>
    </section>
  );
}
