import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import type { AddWorkPlanInput } from '../../domain/work-plan/inputs';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { reportError } from '../../lib/error-reporting';
import { workPlans } from './actions';
import { FieldError } from './field-error';
import { todayIso } from '../../lib/format';
import { useReference } from './hooks';
import { NavLink } from '../../lib/ui/nav-link';
import { staffPaths } from './paths';
import { participantName } from './queries';
import { staffOptions } from './staff-options';
import { useCompanySettings } from './use-company-settings';
import './work-plans.css';
import { DateFieldControl } from '../../lib/forms/date-field-control';
import { DEFAULT_STAFF, addPlanFormSchema, type AddPlanValues } from './form-schemas';

const plusMonths = (iso: string, months: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

/**
 * Create a plan for a participant from a blueprint, with start and expected end dates, coach and manager. `planHref`: where the
 * new plan opens (KWNW keeps its own); `nested`: inside a page that has its own `<h1>` (KWNW), so the form's title is an `<h2>`.
 */
export function AddPlanForm({ participantId, planHref = staffPaths.plan, nested = false }: { participantId?: number; planHref?: (key: string) => string; nested?: boolean }) {
  const { t } = useTranslation();
  const router = useRouter();
  const participants = useReference('participants');
  const blueprints = useReference('blueprints');
  const users = useReference('users');
  const settings = useCompanySettings();
  const [uuid] = useState(() => uuidv7());
  useDocumentTitle(t('workPlans.add.title'));
  const people = useMemo(() => (participants ?? []).filter((p) => typeof p.id === 'number').map((p) => ({ id: p.id as number, name: participantName(p), coachId: p.coachId, managerId: p.managerId })).sort((a, b) => a.name.localeCompare(b.name, 'nl')), [participants]);
  const bps = (blueprints ?? []).filter((b) => typeof b.id === 'number').sort((a, b) => String(a.name).localeCompare(String(b.name), 'nl'));
  const staff = staffOptions(users);
  const hasManager = settings?.flags['has-manager'] ?? true;
  // The write's own schema (AddWorkPlanSchema) behind the form's values; a message goes as soon as its field is valid.
  const { register, handleSubmit, control, formState: { errors } } = useForm<AddPlanValues, unknown, AddWorkPlanInput>({
    defaultValues: { participantId: participantId ? String(participantId) : '', blueprintId: '', name: '', startDate: todayIso(), expectedEndDate: plusMonths(todayIso(), 6), coachId: DEFAULT_STAFF, managerId: DEFAULT_STAFF },
    resolver: valibotResolver(addPlanFormSchema({ uuid, people, hasManager })),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });

  // Controlled too: the participants arrive from the replica after the first render (a preset choice must show).
  const chosenParticipant = useWatch({ control, name: 'participantId' });
  const save = (input: AddWorkPlanInput) => {
    const bp = bps.find((b) => b.id === input.blueprintId);
    workPlans().addWorkPlan(input, { blueprintName: typeof bp?.name === 'string' ? bp.name : '' }).then(() => router.navigate({ href: planHref(uuid) }), reportError);
  };
  const err = (k: keyof AddPlanValues) => ({ 'aria-invalid': errors[k] ? true : undefined, 'aria-describedby': errors[k] ? `add-${k}-error` : undefined });

  return (
    <section className="work-plans" aria-labelledby="add-title">
      <p><NavLink href={staffPaths.list}>{t('workPlans.plan.back')}</NavLink></p>
      {nested ? <h2 id="add-title">{t('workPlans.add.title')}</h2> : <h1 id="add-title">{t('workPlans.add.title')}</h1>}
      {blueprints && bps.length === 0 && <p role="status">{t('workPlans.add.noBlueprints')}</p>}
      <form className="work-plans__form" onSubmit={(e) => void handleSubmit(save)(e)} noValidate>
        <div className="field">
          <label htmlFor="add-participantId">{t('workPlans.fields.participant')}</label>
          <select id="add-participantId" className="input" {...register('participantId')} value={chosenParticipant} {...err('participantId')}>
            <option value="">{t('workPlans.add.choose')}</option>
            {people.map((p) => <option key={p.id} value={String(p.id)}>{p.name}</option>)}
          </select>
          <FieldError id="add-participantId-error" message={errors.participantId?.message} />
        </div>
        <div className="field">
          <label htmlFor="add-blueprintId">{t('workPlans.fields.blueprint')}</label>
          <select id="add-blueprintId" className="input" {...register('blueprintId')} {...err('blueprintId')}>
            <option value="">{t('workPlans.add.choose')}</option>
            {bps.map((b) => <option key={b.uuid} value={String(b.id)}>{String(b.name)}</option>)}
          </select>
          <FieldError id="add-blueprintId-error" message={errors.blueprintId?.message} />
        </div>
        <div className="field">
          <label htmlFor="add-name">{t('workPlans.fields.name')}</label>
          <input id="add-name" className="input" {...register('name')} {...err('name')} />
          <FieldError id="add-name-error" message={errors.name?.message} />
        </div>
        <div className="field">
          <label htmlFor="add-startDate">{t('workPlans.fields.startDate')}</label>
          <DateFieldControl control={control} name="startDate" id="add-startDate" errorId="add-startDate-error" />
          <FieldError id="add-startDate-error" message={errors.startDate?.message} />
        </div>
        <div className="field">
          <label htmlFor="add-expectedEndDate">{t('workPlans.fields.expectedEndDate')}</label>
          <DateFieldControl control={control} name="expectedEndDate" id="add-expectedEndDate" errorId="add-expectedEndDate-error" />
          <FieldError id="add-expectedEndDate-error" message={errors.expectedEndDate?.message} />
        </div>
        <div className="field">
          <label htmlFor="add-coachId">{t('workPlans.fields.coach')}</label>
          <select id="add-coachId" className="input" {...register('coachId')}>
            <option value={DEFAULT_STAFF}>{t('workPlans.add.choose')}</option>
            <option value="">{t('workPlans.batch.clear')}</option>
            {staff.map((s) => <option key={s.id} value={String(s.id)}>{s.name}</option>)}
          </select>
        </div>
        {hasManager && (
          <div className="field">
            <label htmlFor="add-managerId">{t('workPlans.fields.manager')}</label>
            <select id="add-managerId" className="input" {...register('managerId')}>
              <option value={DEFAULT_STAFF}>{t('workPlans.add.choose')}</option>
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
