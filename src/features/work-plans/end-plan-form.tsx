import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import type { EndWorkPlanInput } from '../../domain/work-plan/inputs';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { reportError } from '../../lib/error-reporting';
import { workPlans } from './actions';
import { DateFieldControl } from '../../lib/forms/date-field-control';
import { FieldError } from './field-error';
import { endPlanFormSchema, type EndPlanValues } from './form-schemas';
import { todayIso } from '../../lib/format';
import { usePlanDetail, useReference } from './hooks';
import { NavLink } from '../../lib/ui/nav-link';
import { staffPaths } from './paths';
import { useCompanySettings } from './use-company-settings';
import './work-plans.css';

/** /work-plan/:id/end: end date and termination reason (both required, not before the start; SRG code when srgEnabled). */
export function EndPlanForm({ id }: { id: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  const detail = usePlanDetail(id);
  const reasons = useReference('workPlanTerminationReasons');
  const settings = useCompanySettings();
  const srg = settings?.srgEnabled ?? false;
  const options = (reasons ?? []).filter((r) => typeof r.id === 'number').sort((a, b) => String(a.label).localeCompare(String(b.label), 'nl'));
  const plan = detail?.plan;
  // The write's own schema (EndWorkPlanSchema) and the SRG rule; a message goes as soon as its field is valid.
  const { register, handleSubmit, control, formState: { errors } } = useForm<EndPlanValues, unknown, EndWorkPlanInput>({
    defaultValues: { endDate: todayIso(), terminationReasonId: '' },
    resolver: valibotResolver(
      endPlanFormSchema({
        uuid: plan?.uuid ?? '',
        startDate: plan?.startDate ?? null,
        srgEnabled: srg,
        reasons: options.map((r) => ({ id: r.id as number, srgValue: typeof r.srgValue === 'string' ? r.srgValue : null })),
      }),
    ),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  useDocumentTitle(t('workPlans.end.title'));
  if (detail === undefined || !plan) return <p role="status">{t(detail === undefined ? 'workPlans.loading' : 'workPlans.plan.notFound')}</p>;

  const save = (input: EndWorkPlanInput) => {
    workPlans().endWorkPlan(input).then(() => router.navigate({ href: staffPaths.plan(plan.id ?? plan.uuid) }), reportError);
  };

  return (
    <section className="work-plans" aria-labelledby="end-title">
      <p><NavLink href={staffPaths.plan(plan.id ?? plan.uuid)}>{plan.name}</NavLink></p>
      <h1 id="end-title">{t('workPlans.end.title')}</h1>
      <p>{plan.name} · {plan.participantName}</p>
      <form className="work-plans__form" onSubmit={(e) => void handleSubmit(save)(e)} noValidate>
        <div className="field">
          <label htmlFor="end-date">{t('workPlans.fields.timeFinished')}</label>
          <DateFieldControl control={control} name="endDate" id="end-date" min={plan.startDate ?? undefined} required errorId="end-date-error" />
          <FieldError id="end-date-error" message={errors.endDate?.message} />
        </div>
        <div className="field">
          <label htmlFor="end-reason">{t('workPlans.fields.terminationReason')}</label>
          <select id="end-reason" className="input" {...register('terminationReasonId')}
            aria-invalid={errors.terminationReasonId ? true : undefined} aria-describedby={errors.terminationReasonId ? 'end-reason-error' : undefined} required>
            <option value="">{t('workPlans.add.choose')}</option>
            {options.map((r) => (
              <option key={r.uuid} value={String(r.id)}>
                {String(r.label)}{srg && typeof r.srgValue === 'string' && r.srgValue ? ` (${t('workPlans.end.srg', { code: r.srgValue })})` : ''}
              </option>
            ))}
          </select>
          <FieldError id="end-reason-error" message={errors.terminationReasonId?.message} />
        </div>
        <div className="work-plans__buttons">
          <button type="submit" className="button button--primary">{t('workPlans.end.submit')}</button>
          <NavLink href={staffPaths.plan(plan.id ?? plan.uuid)} className="button">{t('workPlans.cancel')}</NavLink>
        </div>
      </form>
    </section>
  );
}
