import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import * as v from 'valibot';
import { SaveBlueprintSchema, issuesByField, type SaveBlueprintInput } from '../../../domain/work-plan/inputs';
import { uuidv7 } from '../../../domain/sync/uuid-v7';
import { reportError } from '../../../lib/error-reporting';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { workPlans } from '../actions';
import { FieldError } from '../field-error';
import { useReference } from '../hooks';
import type { ReplicaDocument } from '../../../domain/sync/types';
import { str } from '../text';
import '../work-plans.css';

const PAGES = ['basics', 'steps', 'content', 'scope'] as const;
type Page = (typeof PAGES)[number];

interface Step {
  label: string;
  parentIndex: number | null;
}

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
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [provisionTypeId, setProvisionTypeId] = useState('');
  const [steps, setSteps] = useState<Step[]>([]);
  const [orders, setOrders] = useState<ReadonlySet<number>>(new Set());
  const [targets, setTargets] = useState<Record<string, number | null>>({});
  const [statusIds, setStatusIds] = useState<ReadonlySet<number>>(new Set());
  const [places, setPlaces] = useState<ReadonlySet<number>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  useDocumentTitle(t('workPlans.blueprints.wizard'));
  const toggle = (set: (f: (s: ReadonlySet<number>) => ReadonlySet<number>) => void, id: number) =>
    set((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const label = (x: ReplicaDocument) => str(x.name) || str(x.label);
  const byName = (xs: readonly ReplicaDocument[] | undefined) =>
    [...(xs ?? [])].filter((x) => typeof x.id === 'number').sort((a, b) => label(a).localeCompare(label(b), 'nl'));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const target = (key: string) => (targets[key] === undefined ? [] : [targets[key]]);
    const input: SaveBlueprintInput = {
      uuid,
      name,
      description: description || null,
      categoryId: categoryId ? Number(categoryId) : null,
      provisionTypeId: provisionTypeId ? Number(provisionTypeId) : null,
      competencySystemId: null,
      steps,
      workOrderIds: [...orders],
      behaviors: Object.keys(targets).filter((k) => k.startsWith('b')).flatMap((k) => target(k).map((s) => ({ behaviorId: Number(k.slice(1)), targetScore: s }))),
      skills: Object.keys(targets).filter((k) => k.startsWith('s')).flatMap((k) => target(k).map((s) => ({ skillId: Number(k.slice(1)), targetScore: s }))),
      participantStatusIds: [...statusIds],
      workplaceIds: [...places],
    };
    const parsed = v.safeParse(SaveBlueprintSchema, input);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.issues));
      setPage('basics');
      return;
    }
    workPlans().saveBlueprint(input).then(() => router.navigate({ href: '/zoek/werkplanblauwdruk' }), reportError);
  };

  const checkList = (items: { id: number; label: string }[], chosen: ReadonlySet<number>, set: (f: (s: ReadonlySet<number>) => ReadonlySet<number>) => void, legend: string): ReactNode => (
    <fieldset className="wizard__list">
      <legend>{legend}</legend>
      {items.map((x) => (
        <label key={x.id} className="wizard__check">
          <input type="checkbox" checked={chosen.has(x.id)} onChange={() => toggle(set, x.id)} /> {x.label}
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
              <input type="checkbox" checked={key in targets} onChange={() => setTargets((o) => { const n = { ...o }; if (key in n) delete n[key]; else n[key] = 3; return n; })} /> {str(x.name)}
            </label>
            {key in targets && (
              <select className="input" aria-label={t('workPlans.blueprints.target', { name: str(x.name) })} value={targets[key] ?? ''} onChange={(e) => setTargets((o) => ({ ...o, [key]: e.target.value ? Number(e.target.value) : null }))}>
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
      <form className="work-plans__form" onSubmit={submit} noValidate>
        {page === 'basics' && (
          <>
            <div className="field">
              <label htmlFor="bp-name">{t('workPlans.fields.name')}</label>
              <input id="bp-name" className="input" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? 'bp-name-error' : undefined} />
              <FieldError id="bp-name-error" message={errors.name} />
            </div>
            <div className="field">
              <label htmlFor="bp-description">{t('workPlans.blueprints.description')}</label>
              <textarea id="bp-description" className="input" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="bp-category-select">{t('workPlans.blueprints.category')}</label>
              <select id="bp-category-select" className="input" value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
                <option value="">{t('workPlans.add.choose')}</option>
                {byName(categories).map((c) => <option key={c.uuid} value={String(c.id)}>{str(c.label)}</option>)}
              </select>
            </div>
            <div className="field">
              <label htmlFor="bp-provision">{t('workPlans.blueprints.provisionType')}</label>
              <select id="bp-provision" className="input" value={provisionTypeId} onChange={(e) => setProvisionTypeId(e.target.value)}>
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
                <input id={`bp-step-${i}`} className="input" value={s.label} onChange={(e) => setSteps((x) => x.map((y, j) => (j === i ? { ...y, label: e.target.value } : y)))} />
                <label htmlFor={`bp-step-parent-${i}`}>{t('workPlans.blueprints.parent')}</label>
                <select id={`bp-step-parent-${i}`} className="input" value={s.parentIndex ?? ''} onChange={(e) => setSteps((x) => x.map((y, j) => (j === i ? { ...y, parentIndex: e.target.value === '' ? null : Number(e.target.value) } : y)))}>
                  <option value="">–</option>
                  {steps.slice(0, i).map((p, j) => <option key={j} value={j}>{p.label || t('workPlans.blueprints.stepLabel', { n: j + 1 })}</option>)}
                </select>
                <button type="button" className="button" onClick={() => setSteps((x) => x.filter((_, j) => j !== i).map((y) => ({ ...y, parentIndex: y.parentIndex === null || y.parentIndex === i ? null : y.parentIndex > i ? y.parentIndex - 1 : y.parentIndex })))}>
                  {t('workPlans.blueprints.removeStep')}
                </button>
              </div>
            ))}
            <button type="button" className="button" onClick={() => setSteps((x) => [...x, { label: '', parentIndex: null }])}>{t('workPlans.blueprints.addStep')}</button>
          </fieldset>
        )}
        {page === 'content' && (
          <>
            {checkList(byName(workOrders).map((w) => ({ id: w.id as number, label: str(w.name) })), orders, setOrders, t('workPlans.blueprints.workOrders'))}
            {targetList('b', behaviors, t('workPlans.blueprints.behaviors'))}
            {targetList('s', skills, t('workPlans.blueprints.skills'))}
          </>
        )}
        {page === 'scope' && (
          <>
            {checkList((statuses ?? []).map((s) => ({ id: Number(s.statusId), label: str(s.label) })), statusIds, setStatusIds, t('workPlans.blueprints.statuses'))}
            {checkList(byName(workplaces).map((w) => ({ id: w.id as number, label: str(w.name) })), places, setPlaces, t('workPlans.blueprints.workplaces'))}
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
