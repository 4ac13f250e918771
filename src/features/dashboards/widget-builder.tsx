import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { COMPARISONS, GRAPH_SUBJECTS, GRAPH_TYPES, GROUPINGS, OPERATIONS, propertyOf, subjectOf, typeOf, type GraphSubjectId, type GraphTypeId } from '../../domain/dashboards/graph';
import { graphProblems, SaveWidgetSchema, type Dataset, type GraphFilter } from '../../domain/dashboards/inputs';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { syncApi } from '../../lib/sync-client';
import { useOnlineStatus } from '../../lib/use-online-status';
import { useReplicaIdentity } from '../../lib/replica/hooks';
import { failureText } from '../../lib/ui/reason-text';
import { DateField } from '../../lib/ui/date-field';
import { fetchSubjects, type SubjectOption, type SubjectsAnswer } from './api';
import { loadSubjects, saveSubjects } from './figure-cache';
import { useFigures } from './use-figures';
import { WidgetView } from './widget-view';
import type { DashboardDoc, WidgetDoc } from './queries';

const newDataset = (): Dataset => ({ label: '', operation: 'count', property: 'status', grouping: 'none', series: null, sumProperty: null, filters: [] });

/** The value/label options of the properties (statuses, projects, people), from the server or the device's copy. */
function useSubjectOptions(): Record<string, SubjectOption[]> {
  const online = useOnlineStatus();
  const who = useReplicaIdentity();
  const [subjects, setSubjects] = useState<SubjectsAnswer | null>(null);
  const key = who ? `${who.companyId}:${who.userId}` : null;
  useEffect(() => {
    let live = true;
    if (!key) return;
    const fromCache = () => void loadSubjects<SubjectsAnswer>(key).then((s) => live && s && setSubjects(s));
    if (!online) fromCache();
    else
      fetchSubjects()
        .then((s) => {
          if (!live) return;
          setSubjects(s);
          void saveSubjects(key, s);
        })
        .catch(fromCache);
    return () => {
      live = false;
    };
  }, [online, key]);
  return useMemo(() => Object.fromEntries((subjects ?? []).flatMap((s) => s.properties.map((p) => [`${s.id}.${p.id}`, p.options]))), [subjects]);
}

type BuilderValues = { name: string; type: GraphTypeId; subject: GraphSubjectId; datasets: Dataset[] };

const graphOf = (subject: GraphSubjectId, datasets: Dataset[]) => ({ subject, datasets, axes: { x: datasets[0]?.property ?? '', y: datasets[0]?.operation === 'sum' ? (datasets[0].sumProperty ?? '') : 'count' } });

/**
 * The builder's resolver: the write's schema (SaveWidgetSchema) on the widget the form makes. The name's
 * message goes on the name field; the chart's (a dataset, an axis, a filter) are listed above the form
 * (`root`, one entry each), as the choices they concern are spread over several fields.
 */
export function widgetResolver(t: TFunction, base: { uuid: string; dashboardUuid: string; sortOrder: number }): Resolver<BuilderValues> {
  return (values) => {
    const parsed = v.safeParse(SaveWidgetSchema, { ...base, name: values.name, type: values.type, graph: graphOf(values.subject, values.datasets) });
    if (parsed.success) return { values, errors: {} };
    const text = (message: string) => t(message as never);
    const nameIssue = parsed.issues.find((i) => i.path?.[0]?.key === 'name');
    const others = [...new Set(parsed.issues.filter((i) => i !== nameIssue && i.path?.[0]?.key !== 'name').map((i) => text(i.message)))];
    return {
      values: {},
      errors: {
        ...(nameIssue ? { name: { type: 'validate', message: text(nameIssue.message) } } : {}),
        ...(others.length ? { root: { type: 'validate', message: others.join(' '), types: Object.fromEntries(others.map((m, i) => [String(i), m])) } } : {}),
      },
    };
  };
}

function useDebounced<T>(value: T, ms: number): T {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setOut(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return out;
}

/**
 * The widget builder: name, type, subject, datasets (operation, axis, time grouping, split, filters),
 * with the chart live beside it while the choices change. Saved as a declared write (works offline);
 * the preview needs a connection and says so.
 */
export function WidgetBuilder({ dashboard, widget, nextOrder, onDone }: { dashboard: DashboardDoc; widget: WidgetDoc | null; nextOrder: number; onDone: () => void }) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const options = useSubjectOptions();
  const ids = { name: useId(), type: useId(), subject: useId(), errors: useId() };
  // react-hook-form with the write's schema (issue 21); the chart beside it follows the values as they change.
  const [uuid] = useState(() => widget?.uuid ?? uuidv7());
  const base = { uuid, dashboardUuid: dashboard.uuid, sortOrder: widget?.sortOrder ?? nextOrder };
  const { register, control, handleSubmit, setValue, getValues, trigger, formState: { errors, isSubmitted } } = useForm<BuilderValues>({
    defaultValues: { name: widget?.name ?? '', type: widget?.type ?? 'bar', subject: widget?.graph.subject ?? 'participant', datasets: widget?.graph.datasets.length ? widget.graph.datasets : [newDataset()] },
    resolver: widgetResolver(t, base),
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const name = useWatch({ control, name: 'name' });
  const type = useWatch({ control, name: 'type' });
  const subject = useWatch({ control, name: 'subject' });
  const datasets = useWatch({ control, name: 'datasets' });
  const graph = useMemo(() => graphOf(subject, datasets), [subject, datasets]);
  const chartErrors = Object.values(errors.root?.types ?? {}).filter((m): m is string => typeof m === 'string');
  const setDatasets = (next: (all: Dataset[]) => Dataset[]) => setValue('datasets', next(getValues('datasets')), { shouldDirty: true });
  // After a refused save the chart's problems follow the choices (each gone as soon as it is put right).
  useEffect(() => {
    if (isSubmitted) void trigger();
  }, [isSubmitted, trigger, graph, type, name]);
  const problems = graphProblems(type, graph);
  const previewGraph = useDebounced(graph, 250);
  const previewType = useDebounced(type, 250);
  const previewOk = graphProblems(previewType, previewGraph).length === 0;
  const figures = useFigures(previewOk && online ? (dashboard.id ?? null) : null, previewType, previewGraph, null);
  const multi = typeOf(type)?.multiDataset ?? false;
  const subjectDef = subjectOf(subject);
  const label = (key: string) => t(key as never);

  const setDataset = (i: number, patch: Partial<Dataset>) => setDatasets((all) => all.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const changeSubject = (s: GraphSubjectId) => {
    setValue('subject', s, { shouldDirty: true });
    const first = subjectOf(s)?.properties.find((p) => p.groupable)?.id ?? '';
    setDatasets((all) => all.map((d) => ({ ...d, property: first, grouping: 'none', series: null, sumProperty: null, filters: [] })));
  };

  const save = async (values: BuilderValues) => {
    setFailure(null);
    try {
      // a declared write: kept in the outbox and sent once online
      await syncApi().dashboards.saveWidget({ ...base, name: values.name, type: values.type, graph: graphOf(values.subject, values.datasets) });
      onDone();
    } catch (err) {
      setFailure(failureText(t, err));
    }
  };
  // A refused save: the focus to the name when it is in error, else to the list of the chart's problems.
  const refused = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-errors]')?.focus());

  return (
    <section className="dash-builder" aria-labelledby={`${ids.name}-h`}>
      <h2 id={`${ids.name}-h`}>{widget ? t('dashboards.builder.titleEdit') : t('dashboards.builder.titleNew')}</h2>
      <div className="dash-builder__grid">
        <form ref={formRef} className="dash-builder__form" onSubmit={(e) => void handleSubmit(save, refused)(e)} noValidate aria-describedby={chartErrors.length || failure ? ids.errors : undefined}>
          {chartErrors.length > 0 || failure ? (
            <div id={ids.errors} role="alert" className="alert alert--error" tabIndex={-1} data-errors="">
              <ul>{[...chartErrors, ...(failure ? [failure] : [])].map((x) => <li key={x}>{x}</li>)}</ul>
            </div>
          ) : null}
          <div className="field">
            <label htmlFor={ids.name}>{t('dashboards.builder.name')}</label>
            <input id={ids.name} className="input" maxLength={120} aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? `${ids.name}-error` : undefined} {...register('name')} />
            {errors.name ? <p id={`${ids.name}-error`} className="field__error">{errors.name.message}</p> : null}
          </div>
          <div className="field">
            <label htmlFor={ids.type}>{t('dashboards.builder.type')}</label>
            <select id={ids.type} className="input" {...register('type')}>
              {GRAPH_TYPES.map((x) => <option key={x.id} value={x.id}>{label(x.label)}</option>)}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.subject}>{t('dashboards.builder.subject')}</label>
            <select id={ids.subject} className="input" value={subject} onChange={(e) => changeSubject(e.target.value as GraphSubjectId)}>
              {GRAPH_SUBJECTS.map((x) => <option key={x.id} value={x.id}>{label(x.label)}</option>)}
            </select>
          </div>
          {datasets.map((d, i) => (
            <DatasetFields key={i} n={i + 1} subject={subject} d={d} options={options} onChange={(p) => setDataset(i, p)} onRemove={datasets.length > 1 ? () => setDatasets((all) => all.filter((_, j) => j !== i)) : null} />
          ))}
          {subjectDef ? (
            <button type="button" className="button button--small" disabled={!multi} onClick={() => setDatasets((all) => [...all, { ...newDataset(), property: all[0]?.property ?? 'status', grouping: all[0]?.grouping ?? 'none' }])}>
              {t('dashboards.builder.addDataset')}
            </button>
          ) : null}
          {!multi && datasets.length > 1 ? <p className="field__error">{t('dashboards.errors.multiDatasetNotSupported')}</p> : null}
          <div className="dash-inline">
            <button type="submit" className="button button--primary">{t('dashboards.builder.save')}</button>
            <button type="button" className="button" onClick={onDone}>{t('dashboards.builder.cancel')}</button>
          </div>
        </form>
        <div className="dash-builder__preview" aria-label={t('dashboards.builder.preview')} role="region">
          {!online || dashboard.id === undefined ? (
            <p className="alert alert--info" data-testid="dash-preview-offline">{t('dashboards.builder.previewOffline')}</p>
          ) : problems.length > 0 ? (
            <p className="dash-muted">{t('dashboards.builder.previewInvalid')}</p>
          ) : (
            <WidgetView widget={{ uuid: 'preview', name: name || t('dashboards.builder.preview'), type: previewType, graph: previewGraph }} dashboardId={null} figures={figures} headingLevel={3} />
          )}
        </div>
      </div>
    </section>
  );
}

function DatasetFields({ n, subject, d, options, onChange, onRemove }: { n: number; subject: GraphSubjectId; d: Dataset; options: Record<string, SubjectOption[]>; onChange: (p: Partial<Dataset>) => void; onRemove: (() => void) | null }) {
  const { t } = useTranslation();
  const base = useId();
  const props = subjectOf(subject)?.properties ?? [];
  const x = propertyOf(subject, d.property);
  const label = (key: string) => t(key as never);
  const setFilter = (i: number, p: Partial<GraphFilter>) => onChange({ filters: d.filters.map((f, j) => (j === i ? { ...f, ...p } : f)) });
  return (
    <fieldset className="dash-dataset">
      <legend>{t('dashboards.builder.dataset', { n })}</legend>
      <div className="dash-dataset__row">
        <div className="field">
          <label htmlFor={`${base}-label`}>{t('dashboards.builder.label')}</label>
          <input id={`${base}-label`} className="input" value={d.label} maxLength={60} onChange={(e) => onChange({ label: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${base}-op`}>{t('dashboards.builder.operation')}</label>
          <select id={`${base}-op`} className="input" value={d.operation} onChange={(e) => onChange({ operation: e.target.value as Dataset['operation'], sumProperty: e.target.value === 'sum' ? (props.find((p) => p.operations.includes('sum'))?.id ?? null) : null })}>
            {OPERATIONS.filter((o) => o === 'count' || props.some((p) => p.operations.includes('sum'))).map((o) => <option key={o} value={o}>{t(`dashboards.operations.${o}`)}</option>)}
          </select>
        </div>
        {d.operation === 'sum' ? (
          <div className="field">
            <label htmlFor={`${base}-sum`}>{t('dashboards.builder.sumProperty')}</label>
            <select id={`${base}-sum`} className="input" value={d.sumProperty ?? ''} onChange={(e) => onChange({ sumProperty: e.target.value || null })}>
              {props.filter((p) => p.operations.includes('sum')).map((p) => <option key={p.id} value={p.id}>{label(p.label)}</option>)}
            </select>
          </div>
        ) : null}
      </div>
      <div className="dash-dataset__row">
        <div className="field">
          <label htmlFor={`${base}-x`}>{t('dashboards.builder.property')}</label>
          <select id={`${base}-x`} className="input" value={d.property} onChange={(e) => onChange({ property: e.target.value, grouping: propertyOf(subject, e.target.value)?.type === 'date' ? (d.grouping === 'none' ? 'month' : d.grouping) : 'none', series: d.series === e.target.value ? null : (d.series ?? null) })}>
            {props.filter((p) => p.groupable).map((p) => <option key={p.id} value={p.id}>{label(p.label)}</option>)}
          </select>
        </div>
        {x?.type === 'date' ? (
          <div className="field">
            <label htmlFor={`${base}-g`}>{t('dashboards.builder.grouping')}</label>
            <select id={`${base}-g`} className="input" value={d.grouping} onChange={(e) => onChange({ grouping: e.target.value as Dataset['grouping'] })}>
              {GROUPINGS.map((g) => <option key={g} value={g}>{t(`dashboards.groupings.${g}`)}</option>)}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${base}-s`}>{t('dashboards.builder.series')}</label>
          <select id={`${base}-s`} className="input" value={d.series ?? ''} onChange={(e) => onChange({ series: e.target.value || null })}>
            <option value="">{t('dashboards.builder.noSeries')}</option>
            {props.filter((p) => p.groupable && p.type !== 'date' && p.id !== d.property).map((p) => <option key={p.id} value={p.id}>{label(p.label)}</option>)}
          </select>
        </div>
      </div>
      <fieldset className="dash-filters">
        <legend>{t('dashboards.builder.filters')}</legend>
        {d.filters.map((f, i) => {
          const fp = propertyOf(subject, f.property);
          const opts = options[`${subject}.${f.property}`] ?? [];
          const fixed = fp?.type === 'enum' && opts.length > 0;
          const id = `${base}-f${i}`;
          return (
            <div key={i} className="dash-dataset__row">
              <div className="field">
                <label htmlFor={`${id}-p`}>{t('dashboards.builder.filterProperty')}</label>
                <select id={`${id}-p`} className="input" value={f.property} onChange={(e) => setFilter(i, { property: e.target.value, comparison: 'eq', value: '' })}>
                  {props.map((p) => <option key={p.id} value={p.id}>{label(p.label)}</option>)}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-c`}>{t('dashboards.builder.comparison')}</label>
                <select id={`${id}-c`} className="input" value={f.comparison} onChange={(e) => setFilter(i, { comparison: e.target.value as GraphFilter['comparison'] })}>
                  {COMPARISONS.filter((c) => fp?.filterOptions.includes(c)).map((c) => <option key={c} value={c}>{t(`dashboards.comparisons.${c}`)}</option>)}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-v`}>{t('dashboards.builder.value')}</label>
                {fixed || (fp?.type === 'reference' && opts.length > 0) ? (
                  <select id={`${id}-v`} className="input" value={String(f.value)} onChange={(e) => setFilter(i, { value: /^\d+$/.test(e.target.value) && fp?.type !== 'enum' ? Number(e.target.value) : fp?.type === 'enum' && /^\d+$/.test(e.target.value) ? Number(e.target.value) : e.target.value })}>
                    <option value="">{t('dashboards.builder.choose')}</option>
                    {opts.map((o) => <option key={o.value} value={o.value}>{o.label === o.value ? valueText(t, f.property, o.value) : o.label}</option>)}
                  </select>
                ) : (
                  fp?.type === 'date' ? (
                    <DateField id={`${id}-v`} value={String(f.value)} onChange={(value) => setFilter(i, { value })} />
                  ) : (
                  <input id={`${id}-v`} className="input" type={fp?.type === 'number' || fp?.type === 'reference' ? 'number' : 'text'} value={String(f.value)} onChange={(e) => setFilter(i, { value: fp?.type === 'number' || fp?.type === 'reference' ? (e.target.value === '' ? '' : Number(e.target.value)) : e.target.value })} />
                  )
                )}
              </div>
              <button type="button" className="button button--small" onClick={() => onChange({ filters: d.filters.filter((_, j) => j !== i) })}>{t('dashboards.builder.removeFilter')}</button>
            </div>
          );
        })}
        <button type="button" className="button button--small" onClick={() => onChange({ filters: [...d.filters, { property: props[0]?.id ?? 'status', comparison: 'eq', value: '' }] })}>{t('dashboards.builder.addFilter')}</button>
      </fieldset>
      {onRemove ? <button type="button" className="button button--small" onClick={onRemove}>{t('dashboards.builder.removeDataset')}</button> : null}
    </fieldset>
  );
}

function valueText(t: (k: never) => string, property: string, value: string): string {
  const group = property === 'participantStatus' ? 'status' : property;
  const key = `dashboards.values.${group}.${value}`;
  const text = t(key as never);
  return text === key ? value : text;
}
