import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import * as v from 'valibot';
import { EndWorkPlanSchema, issuesByField, srgReasonIssue } from '../../domain/work-plan/inputs';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { reportError } from '../../lib/error-reporting';
import { workPlans } from './actions';
import { FieldError } from './field-error';
import { todayIso } from '../../lib/format';
import { usePlanDetail, useReference } from './hooks';
import { NavLink } from '../../lib/ui/nav-link';
import { staffPaths } from './paths';
import { useCompanySettings } from './use-company-settings';
import './work-plans.css';
import { DateField } from '../../lib/ui/date-field';

/** /work-plan/:id/end: end date and termination reason (both required, not before the start; SRG code when srgEnabled). */
export function EndPlanForm({ id }: { id: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  const detail = usePlanDetail(id);
  const reasons = useReference('workPlanTerminationReasons');
  const settings = useCompanySettings();
  const [endDate, setEndDate] = useState(todayIso());
  const [reasonId, setReasonId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useDocumentTitle(t('workPlans.end.title'));
  if (detail === undefined) return <p role="status">{t('workPlans.loading')}</p>;
  if (detail === null) return <p role="status">{t('workPlans.plan.notFound')}</p>;
  const plan = detail.plan;
  const srg = settings?.srgEnabled ?? false;
  const options = (reasons ?? []).filter((r) => typeof r.id === 'number').sort((a, b) => String(a.label).localeCompare(String(b.label), 'nl'));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { uuid: plan.uuid, startDate: plan.startDate, endDate, terminationReasonId: reasonId ? Number(reasonId) : null };
    const parsed = v.safeParse(EndWorkPlanSchema, input);
    const next = parsed.success ? {} : issuesByField(parsed.issues);
    const reason = options.find((r) => r.id === Number(reasonId));
    const srgIssue = reason ? srgReasonIssue(srg, { srgValue: typeof reason.srgValue === 'string' ? reason.srgValue : null }) : null;
    if (srgIssue && !next.terminationReasonId) next.terminationReasonId = srgIssue;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    workPlans().endWorkPlan(input).then(() => router.navigate({ href: staffPaths.plan(plan.id ?? plan.uuid) }), reportError);
  };

  return (
    <section className="work-plans" aria-labelledby="end-title">
      <p><NavLink href={staffPaths.plan(plan.id ?? plan.uuid)}>{plan.name}</NavLink></p>
      <h1 id="end-title">{t('workPlans.end.title')}</h1>
      <p>{plan.name} · {plan.participantName}</p>
      <form className="work-plans__form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="end-date">{t('workPlans.fields.timeFinished')}</label>
          <DateField id="end-date" value={endDate} min={plan.startDate ?? undefined} onChange={setEndDate}
            aria-invalid={errors.endDate ? true : undefined} aria-describedby={errors.endDate ? 'end-date-error' : undefined} required />
          <FieldError id="end-date-error" message={errors.endDate} />
        </div>
        <div className="field">
          <label htmlFor="end-reason">{t('workPlans.fields.terminationReason')}</label>
          <select id="end-reason" className="input" value={reasonId} onChange={(e) => setReasonId(e.target.value)}
            aria-invalid={errors.terminationReasonId ? true : undefined} aria-describedby={errors.terminationReasonId ? 'end-reason-error' : undefined} required>
            <option value="">{t('workPlans.add.choose')}</option>
            {options.map((r) => (
              <option key={r.uuid} value={String(r.id)}>
                {String(r.label)}{srg && typeof r.srgValue === 'string' && r.srgValue ? ` (${t('workPlans.end.srg', { code: r.srgValue })})` : ''}
              </option>
            ))}
          </select>
          <FieldError id="end-reason-error" message={errors.terminationReasonId} />
        </div>
        <button type="submit" className="button button--primary">{t('workPlans.end.submit')}</button>
        <NavLink href={staffPaths.plan(plan.id ?? plan.uuid)} className="button">{t('workPlans.cancel')}</NavLink>
      </form>
    </section>
  );
}
