import { useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import type { SaveBlueprintInput } from '../../../domain/work-plan/inputs';
import { uuidv7 } from '../../../domain/sync/uuid-v7';
import { reportError } from '../../../lib/error-reporting';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { workPlans } from '../actions';
import { FieldError } from '../field-error';
import { blueprintFormSchema, blueprintPageOf, type BlueprintStep as Step, type BlueprintValues } from '../form-schemas';
import { useReference } from '../hooks';
import type { ReplicaDocument } from '../../../domain/sync/types';
import { str } from '../text';
import '../work-plans.css';

const PAGES = ['basics', 'steps', 'content', 'scope'] as const;
type Page = (typeof PAGES)[number];

const NO_STEPS: Step[] = [];
const NO_TARGETS: Record<string, number | null> = {};

/**
 * /werkplanblauwdrukwizard: name, description, category, provision type; steps (a tree, flattened);
 * work orders, behaviours and skills with target scores; participant statuses and workplaces.
 */
export function BlueprintWizard() {
  const { t } = useTranslation();
  const router = useRouter();
  const categories = useReference('blueprintCategories');
  const provisionTypes = useReference('provisionTypes');
  const workOrders = useReference('workOrders');
  const behaviors = useReference('behaviors');
  const skills = useReference('skills');
  const statuses = useReference('companyStatuses');
  const workplaces = useReference('workplaces');
  const [uuid] = useState(() => uuidv7());
  const [page, setPage] = useState<Page>('basics');
  // The write's own schema (SaveBlueprintSchema) behind the wizard's values; a message goes as soon as its field is valid.
  const { register, handleSubmit, setValue, control, formState: { errors } } = useForm<BlueprintValues, unknown, SaveBlueprintInput>({
    defaultValues: { name: '', description: '', categoryId: '', provisionTypeId: '', steps: [], workOrderIds: [], targets: {}, participantStatusIds: [], workplaceIds: [] },
    resolver: valibotResolver(blueprintFormSchema(uuid)),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    // The first error may be on another page of the wizard: `refused` shows that page, then focuses the field.
    shouldFocusError: false,
  });
  const watched = useWatch({ control });
  const steps = (watched.steps ?? NO_STEPS) as Step[];
  const orders = new Set(watched.workOrderIds ?? []);
  const targets = (watched.targets ?? NO_TARGETS) as Record<string, number | null>;
  const statusIds = new Set(watched.participantStatusIds ?? []);
  const places = new Set(watched.workplaceIds ?? []);
  useDocumentTitle(t('workPlans.blueprints.wizard'));
  const setSteps = (next: Step[]) => setValue('steps', next, { shouldDirty: true, shouldValidate: errors.steps !== undefined });
  const setTargets = (next: Record<string, number | null>) => setValue('targets', next, { shouldDirty: true });
  const toggle = (name: 'workOrderIds' | 'participantStatusIds' | 'workplaceIds', chosen: ReadonlySet<number>, id: number) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setValue(name, [...next], { shouldDirty: true });
  };
  const label = (x: ReplicaDocument) => str(x.name) || str(x.label);
  const byName = (xs: readonly ReplicaDocument[] | undefined) =>
    [...(xs ?? [])].filter((x) => typeof x.id === 'number').sort((a, b) => label(a).localeCompare(label(b), 'nl'));

  const save = (input: SaveBlueprintInput) => {
    workPlans().saveBlueprint(input).then(() => router.navigate({ href: '/zoek/werkplanblauwdruk' }), reportError);
  };
  // Show the page of the first field in error and focus that field.
  const refused = (errs: FieldErrors<BlueprintValues>) => {
    const stepIndex = Array.isArray(errs.steps) ? errs.steps.findIndex((x) => x !== undefined && x !== null) : -1;
    const first = errs.name ? 'name' : errs.description ? 'description' : stepIndex >= 0 ? `steps.${stepIndex}.label` : Object.keys(errs)[0] ?? 'name';
    // The page shows first (synchronously), then its field takes the focus.
    flushSync(() => setPage(blueprintPageOf(first)));
    const field = first === 'name' ? 'bp-name' : first === 'description' ? 'bp-description' : stepIndex >= 0 ? `bp-step-${stepIndex}` : null;
    if (field) document.getElementById(field)?.focus();
  };

  const checkList = (items: { id: number; label: string }[], chosen: ReadonlySet<number>, name: 'workOrderIds' | 'participantStatusIds' | 'workplaceIds', legend: string): ReactNode => (
    <fieldset className="wizard__list">
      <legend>{legend}</legend>
      {items.map((x) => (
        <label key={x.id} className="wizard__check">
          <input type="checkbox" checked={chosen.has(x.id)} onChange={() => toggle(name, chosen, x.id)} /> {x.label}
        </label>
      ))}
    </fieldset>
  );
  const targetList = (prefix: 'b' | 's', items: readonly ReplicaDocument[] | undefined, legend: string): ReactNode => (
    <fieldset className="wizard__list">
      <legend>{legend}</legend>
      {byName(items).map((x) => {
        const key = `${prefix}${String(x.id)}`;
        return (
          <div key={key} className="wizard__target">
            <label className="wizard__check">
              <input type="checkbox" checked={key in targets} onChange={() => { const n = { ...targets }; if (key in n) delete n[key]; else n[key] = 3; setTargets(n); }} /> {str(x.name)}
            </label>
            {key in targets && (
              <select className="input" aria-label={t('workPlans.blueprints.target', { name: str(x.name) })} value={targets[key] ?? ''} onChange={(e) => setTargets({ ...targets, [key]: e.target.value ? Number(e.target.value) : null })}>
                <option value="">–</option>
                {[1, 2, 3].map((s) => <option key={s} value={s}>{s}</option>)}
              </select>
            )}
          </div>
        );
      })}
    </fieldset>
  );

  const at = PAGES.indexOf(page);
  return (
    <section className="work-plans" aria-labelledby="wizard-title">
      <h1 id="wizard-title">{t('workPlans.blueprints.wizard')}</h1>
      <ol className="wizard__steps" aria-label={t('workPlans.blueprints.wizardSteps')}>
        {PAGES.map((p, i) => (
          <li key={p} aria-current={p === page ? 'step' : undefined}>
            <button type="button" className="button" onClick={() => setPage(p)}>{i + 1}</button>
          </li>
        ))}
      </ol>
      <form className="work-plans__form" onSubmit={(e) => void handleSubmit(save, refused)(e)} noValidate>
        {page === 'basics' && (
          <>
            <div className="field">
              <label htmlFor="bp-name">{t('workPlans.fields.name')}</label>
              <input id="bp-name" className="input" {...register('name')} aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? 'bp-name-error' : undefined} />
              <FieldError id="bp-name-error" message={errors.name?.message} />
            </div>
            <div className="field">
              <label htmlFor="bp-description">{t('workPlans.blueprints.description')}</label>
              <textarea id="bp-description" className="input" rows={3} {...register('description')} aria-invalid={errors.description ? true : undefined} aria-describedby={errors.description ? 'bp-description-error' : undefined} />
              <FieldError id="bp-description-error" message={errors.description?.message} />
            </div>
            <div className="field">
              <label htmlFor="bp-category-select">{t('workPlans.blueprints.category')}</label>
              <select id="bp-category-select" className="input" {...register('categoryId')}>
                <option value="">{t('workPlans.add.choose')}</option>
                {byName(categories).map((c) => <option key={c.uuid} value={String(c.id)}>{str(c.label)}</option>)}
              </select>
            </div>
            <div className="field">
              <label htmlFor="bp-provision">{t('workPlans.blueprints.provisionType')}</label>
              <select id="bp-provision" className="input" {...register('provisionTypeId')}>
                <option value="">{t('workPlans.add.choose')}</option>
                {byName(provisionTypes).map((c) => <option key={c.uuid} value={String(c.id)}>{str(c.label)}</option>)}
              </select>
            </div>
          </>
        )}
        {page === 'steps' && (
          <fieldset className="wizard__list">
            <legend>{t('workPlans.blueprints.steps')}</legend>
            {steps.map((s, i) => (
              <div key={i} className="wizard__step">
                <label htmlFor={`bp-step-${i}`}>{t('workPlans.blueprints.stepLabel', { n: i + 1 })}</label>
                <input id={`bp-step-${i}`} className="input" value={s.label} onChange={(e) => setSteps(steps.map((y, j) => (j === i ? { ...y, label: e.target.value } : y)))}
                  aria-invalid={errors.steps?.[i]?.label ? true : undefined} aria-describedby={errors.steps?.[i]?.label ? `bp-step-${i}-error` : undefined} />
                <FieldError id={`bp-step-${i}-error`} message={errors.steps?.[i]?.label?.message} />
                <label htmlFor={`bp-step-parent-${i}`}>{t('workPlans.blueprints.parent')}</label>
                <select id={`bp-step-parent-${i}`} className="input" value={s.parentIndex ?? ''} onChange={(e) => setSteps(steps.map((y, j) => (j === i ? { ...y, parentIndex: e.target.value === '' ? null : Number(e.target.value) } : y)))}>
                  <option value="">–</option>
                  {steps.slice(0, i).map((p, j) => <option key={j} value={j}>{p.label || t('workPlans.blueprints.stepLabel', { n: j + 1 })}</option>)}
                </select>
                <button type="button" className="button" onClick={() => setSteps(steps.filter((_, j) => j !== i).map((y) => ({ ...y, parentIndex: y.parentIndex === null || y.parentIndex === i ? null : y.parentIndex > i ? y.parentIndex - 1 : y.parentIndex })))}>
                  {t('workPlans.blueprints.removeStep')}
                </button>
              </div>
            ))}
            <button type="button" className="button" onClick={() => setSteps([...steps, { label: '', parentIndex: null }])}>{t('workPlans.blueprints.addStep')}</button>
          </fieldset>
        )}
        {page === 'content' && (
          <>
            {checkList(byName(workOrders).map((w) => ({ id: w.id as number, label: str(w.name) })), orders, 'workOrderIds', t('workPlans.blueprints.workOrders'))}
            {targetList('b', behaviors, t('workPlans.blueprints.behaviors'))}
            {targetList('s', skills, t('workPlans.blueprints.skills'))}
          </>
        )}
        {page === 'scope' && (
          <>
            {checkList((statuses ?? []).map((s) => ({ id: Number(s.statusId), label: str(s.label) })), statusIds, 'participantStatusIds', t('workPlans.blueprints.statuses'))}
            {checkList(byName(workplaces).map((w) => ({ id: w.id as number, label: str(w.name) })), places, 'workplaceIds', t('workPlans.blueprints.workplaces'))}
          </>
        )}
        <div className="wizard__nav">
          {at > 0 && <button type="button" className="button" onClick={() => setPage(PAGES[at - 1]!)}>{t('workPlans.blueprints.back')}</button>}
          {at < PAGES.length - 1 && <button type="button" className="button" onClick={() => setPage(PAGES[at + 1]!)}>{t('workPlans.blueprints.next')}</button>}
          <button type="submit" className="button button--primary">{t('workPlans.save')}</button>
        </div>
      </form>
    </section>
  );
}
