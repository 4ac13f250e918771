import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import type { SaveWorkOrderInput } from '../../../domain/work-plan/inputs';
import { uuidv7 } from '../../../domain/sync/uuid-v7';
import { reportError } from '../../../lib/error-reporting';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { workPlans } from '../actions';
import { FieldError } from '../field-error';
import { workOrderFormSchema, type WorkOrderValues } from '../form-schemas';
import { useReference } from '../hooks';
import '../work-plans.css';

/** /work-order/create: a new work order with name, description and discipline (the write's schema, SaveWorkOrderSchema). */
export function WorkOrderCreate() {
  const { t } = useTranslation();
  const router = useRouter();
  const disciplines = useReference('disciplines');
  const [uuid] = useState(() => uuidv7());
  const { register, handleSubmit, formState: { errors } } = useForm<WorkOrderValues, unknown, SaveWorkOrderInput>({
    defaultValues: { name: '', description: '', disciplineId: '' },
    resolver: valibotResolver(workOrderFormSchema(uuid)),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  useDocumentTitle(t('workPlans.workOrders.create'));
  const save = (input: SaveWorkOrderInput) => {
    workPlans().saveWorkOrder(input).then(() => router.navigate({ href: '/work-order' }), reportError);
  };
  const err = (k: keyof WorkOrderValues) => ({ 'aria-invalid': errors[k] ? true : undefined, 'aria-describedby': errors[k] ? `wo-${k}-error` : undefined });
  return (
    <section className="work-plans" aria-labelledby="woc-title">
      <h1 id="woc-title">{t('workPlans.workOrders.create')}</h1>
      <form className="work-plans__form" onSubmit={(e) => void handleSubmit(save)(e)} noValidate>
        <div className="field">
          <label htmlFor="wo-name">{t('workPlans.workOrders.name')}</label>
          <input id="wo-name" className="input" {...register('name')} {...err('name')} />
          <FieldError id="wo-name-error" message={errors.name?.message} />
        </div>
        <div className="field">
          <label htmlFor="wo-description">{t('workPlans.workOrders.description')}</label>
          <textarea id="wo-description" className="input" rows={3} {...register('description')} {...err('description')} />
          <FieldError id="wo-description-error" message={errors.description?.message} />
        </div>
        <div className="field">
          <label htmlFor="wo-discipline">{t('workPlans.workOrders.discipline')}</label>
          <select id="wo-discipline" className="input" {...register('disciplineId')} {...err('disciplineId')}>
            <option value="">{t('workPlans.workOrders.noDiscipline')}</option>
            {(disciplines ?? []).map((d) => <option key={d.uuid} value={String(d.id)}>{String(d.name)}</option>)}
          </select>
          <FieldError id="wo-disciplineId-error" message={errors.disciplineId?.message} />
        </div>
        <div className="work-plans__buttons">
          <button type="submit" className="button button--primary">{t('workPlans.save')}</button>
        </div>
      </form>
    </section>
  );
}
