import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import * as v from 'valibot';
import { SaveWorkOrderSchema, issuesByField } from '../../../domain/work-plan/inputs';
import { uuidv7 } from '../../../domain/sync/uuid-v7';
import { reportError } from '../../../lib/error-reporting';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { workPlans } from '../actions';
import { FieldError } from '../field-error';
import { useReference } from '../hooks';
import '../work-plans.css';

/** /work-order/create: a new work order with name, description and discipline. */
export function WorkOrderCreate() {
  const { t } = useTranslation();
  const router = useRouter();
  const disciplines = useReference('disciplines');
  const [uuid] = useState(() => uuidv7());
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [disciplineId, setDisciplineId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useDocumentTitle(t('workPlans.workOrders.create'));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { uuid, name, description: description || null, disciplineId: disciplineId ? Number(disciplineId) : null };
    const parsed = v.safeParse(SaveWorkOrderSchema, input);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.issues));
      return;
    }
    workPlans().saveWorkOrder(input).then(() => router.navigate({ href: '/work-order' }), reportError);
  };
  return (
    <section className="work-plans" aria-labelledby="woc-title">
      <h1 id="woc-title">{t('workPlans.workOrders.create')}</h1>
      <form className="work-plans__form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="wo-name">{t('workPlans.workOrders.name')}</label>
          <input id="wo-name" className="input" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? 'wo-name-error' : undefined} />
          <FieldError id="wo-name-error" message={errors.name} />
        </div>
        <div className="field">
          <label htmlFor="wo-description">{t('workPlans.workOrders.description')}</label>
          <textarea id="wo-description" className="input" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="wo-discipline">{t('workPlans.workOrders.discipline')}</label>
          <select id="wo-discipline" className="input" value={disciplineId} onChange={(e) => setDisciplineId(e.target.value)}>
            <option value="">{t('workPlans.workOrders.noDiscipline')}</option>
            {(disciplines ?? []).map((d) => <option key={d.uuid} value={String(d.id)}>{String(d.name)}</option>)}
          </select>
        </div>
        <button type="submit" className="button button--primary">{t('workPlans.save')}</button>
      </form>
    </section>
  );
}
