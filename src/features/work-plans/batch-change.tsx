import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import type { UpdateWorkPlanInput } from '../../domain/work-plan/inputs';
import { reportError } from '../../lib/error-reporting';
import { workPlans } from './actions';
import { FieldError } from './field-error';
import { KEEP, batchFormSchema, type BatchValues } from './form-schemas';
import { useReference } from './hooks';
import { staffOptions } from './staff-options';

/**
 * The batched change of coach or manager over the selected plans (an empty choice clears it). The write's
 * schema (UpdateWorkPlanSchema) checks the form; choosing nothing to change is refused on the coach field.
 */
export function BatchChange({ uuids, onDone }: { uuids: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const staff = staffOptions(useReference('users'));
  const [notice, setNotice] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState: { errors } } = useForm<BatchValues, unknown, UpdateWorkPlanInput>({
    defaultValues: { coachId: KEEP, managerId: KEEP },
    resolver: valibotResolver(batchFormSchema(uuids)),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const save = (input: UpdateWorkPlanInput) => {
    // One row per plan: each is merged, checked for conflicts and answered on its own (a conflict on
    // one plan shows in /wijzigingen for that plan only; the others go through).
    Promise.all(uuids.map((uuid) => workPlans().updateWorkPlan({ ...input, uuids: [uuid] }))).then(
      () => {
        reset({ coachId: KEEP, managerId: KEEP });
        setNotice(t('workPlans.batch.done', { count: uuids.length }));
        onDone();
      },
      (err: unknown) => reportError(err),
    );
  };
  // Choosing a manager clears the "choose something to change" message on the coach field.
  const select = (name: keyof BatchValues, id: string) => (
    <select id={id} className="input" {...register(name, name === 'managerId' ? { deps: ['coachId'] } : {})} aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `${id}-error` : undefined}>
      <option value={KEEP}>{t('workPlans.batch.keep')}</option>
      <option value="">{t('workPlans.batch.clear')}</option>
      {staff.map((s) => (
        <option key={s.id} value={String(s.id)}>{s.name}</option>
      ))}
    </select>
  );
  return (
    <form className="work-plans__batch card" onSubmit={(e) => void handleSubmit(save)(e)} noValidate aria-label={t('workPlans.batch.title', { count: uuids.length })}>
      <p>{t('workPlans.batch.title', { count: uuids.length })}</p>
      <label htmlFor="batch-coach">{t('workPlans.fields.coach')}</label>
      {select('coachId', 'batch-coach')}
      <label htmlFor="batch-manager">{t('workPlans.fields.manager')}</label>
      {select('managerId', 'batch-manager')}
      <button type="submit" className="button button--primary">{t('workPlans.batch.apply')}</button>
      <FieldError id="batch-coach-error" message={errors.coachId?.message} />
      <FieldError id="batch-manager-error" message={errors.managerId?.message} />
      {notice && <p role="status">{notice}</p>}
    </form>
  );
}
