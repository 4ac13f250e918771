import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useForm, useWatch, type FieldError, type FieldErrors } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type * as v from 'valibot';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useOnlineStatus } from '../../lib/use-online-status';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import {
  BEHAVIOURS,
  defaultTransferForm,
  FORMATS,
  isImportKind,
  KEY_FIELDS,
  METHODS,
  PAGINATIONS,
  PARTICIPANT_TARGETS,
  SCHEDULES,
  TransferFormSchema,
  type ScannedField,
  type TransferForm,
  type TransferKind,
} from '../../domain/transfer/settings';
import { deleteTransfer, fetchRuns, fetchTransfer, fetchTransferOptions, runTransferNow, saveTransfer, scanEndpoint, type TransferRunView } from './api';
import { settingsPath } from './paths';
import './transfer.css';

type FormIn = v.InferInput<typeof TransferFormSchema>;

/** The id of a transfer just created: its page (a new mount under the new id) opens with "saved". */
let justCreated: string | null = null;

/** The message of a field's error, by dotted path (react-hook-form keeps nested errors as a tree). */
function errorAt(errors: FieldErrors<FormIn>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  const message = (node as FieldError | undefined)?.message ?? (node as { root?: FieldError } | undefined)?.root?.message;
  return typeof message === 'string' ? message : undefined;
}

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string | undefined; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>{label}</label>
      {children}
      {hint ? <p id={`${id}-hint`} className="admin-muted">{hint}</p> : null}
      {error ? <p id={`${id}-e`} className="field__error">{error}</p> : null}
    </div>
  );
}

/** The four settings screens (02 §2, §3): every field, the shared schema's checks, the scanner, run now and the run log. */
export function TransferSettingsPage({ kind, id }: { kind: TransferKind; id: string }) {
  const { t } = useTranslation();
  const uid = useId();
  const navigate = useNavigate();
  const online = useOnlineStatus();
  const isNew = id === 'new';
  const title = t('transfer.settingsOf', { kind: t(`transfer.kinds.${kind}`) });
  useDocumentTitle(title);
  const importing = isImportKind(kind);
  const [loaded, setLoaded] = useState(isNew);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error' | 'info'; text: string } | null>(() => (justCreated === id ? { kind: 'ok', text: t('transfer.saved') } : null));
  const [options, setOptions] = useState<{ projects: { id: string; name: string }[]; roles: { id: string; label: string }[] } | null>(null);
  const [scan, setScan] = useState<{ busy: boolean; fields: ScannedField[]; text: string | null; error: string | null }>({ busy: false, fields: [], text: null, error: null });
  const [runsVersion, setRunsVersion] = useState(0);
  const [running, setRunning] = useState(false);

  const { register, handleSubmit, control, reset, setValue, getValues, formState: { errors, isSubmitting } } = useForm<FormIn, unknown, TransferForm>({
    resolver: valibotResolver(TransferFormSchema),
    defaultValues: defaultTransferForm(kind),
  });
  const headers = useFieldArray({ control, name: 'settings.headers' });
  const parameters = useFieldArray({ control, name: 'settings.parameters' });
  const mapping = useFieldArray({ control, name: 'settings.mapping' });
  const err = (path: string) => {
    const key = errorAt(errors, path);
    return key ? reasonText(t, key) : undefined;
  };

  useEffect(() => {
    if (!online || loaded) return;
    let live = true;
    fetchTransfer(id).then(
      (got) => {
        if (!live) return;
        reset({ label: got.label, settings: got.settings });
        setLoaded(true);
      },
      (error: unknown) => live && setNotice({ kind: 'error', text: failureText(t, error) }),
    );
    return () => {
      live = false;
    };
  }, [id, online, loaded, reset, t]);

  useEffect(() => {
    if (!online || options) return;
    fetchTransferOptions().then(setOptions, () => setOptions({ projects: [], roles: [] }));
  }, [online, options]);

  const onSubmit = async (values: TransferForm) => {
    setNotice(null);
    if (!navigator.onLine) {
      setNotice({ kind: 'error', text: t('transfer.offline') });
      return;
    }
    try {
      const saved = await saveTransfer(id, values);
      setNotice({ kind: 'ok', text: t('transfer.saved') });
      if (saved.created) justCreated = saved.id;
      if (saved.created) await navigate({ to: settingsPath(kind), params: { id: saved.id }, replace: true });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
  };

  const runScan = async () => {
    const s = getValues('settings');
    if (!navigator.onLine) {
      setScan((x) => ({ ...x, error: t('transfer.offline') }));
      return;
    }
    setScan({ busy: true, fields: [], text: null, error: null });
    try {
      const answer = await scanEndpoint({ url: s.url, method: s.method ?? 'GET', format: s.format ?? 'auto', headers: s.headers ?? [], parameters: s.parameters ?? [], sourceElement: s.sourceElement === '$' ? '' : (s.sourceElement ?? '') });
      setValue('settings.sourceElement', answer.sourceElement);
      if (answer.mapping.length) mapping.replace(answer.mapping);
      setScan({ busy: false, fields: answer.fields, text: t('transfer.scanned', { rows: answer.rows, format: answer.format.toUpperCase() }), error: null });
    } catch (error) {
      setScan({ busy: false, fields: [], text: null, error: failureText(t, error) });
    }
  };

  const runNow = async () => {
    setNotice(null);
    if (!navigator.onLine) {
      setNotice({ kind: 'error', text: t('transfer.offline') });
      return;
    }
    try {
      await runTransferNow(id);
      setRunning(true);
      setNotice({ kind: 'info', text: t('transfer.runQueued') });
      setRunsVersion((n) => n + 1);
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
  };

  const onRunFinished = useCallback(
    (run: TransferRunView) => {
      setRunning(false);
      setNotice(
        run.state === 'succeeded'
          ? { kind: 'ok', text: t('transfer.runDone', { created: run.created, updated: run.updated, refused: run.refused }) }
          : { kind: 'error', text: t('transfer.runFailedNotice', { reason: reasonText(t, run.error) }) },
      );
    },
    [t],
  );

  const remove = async () => {
    if (!window.confirm(t('transfer.deleteConfirm', { label: getValues('label') }))) return;
    try {
      await deleteTransfer(id);
      await navigate({ to: importing ? '/transfer/manage/import-overview' : '/transfer/manage/export-overview' });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
  };

  const f = (name: string) => `${uid}-${name}`;
  const described = (name: string, hint = false) => ({
    id: f(name),
    'aria-invalid': err(name) ? true : undefined,
    'aria-describedby': [hint ? `${f(name)}-hint` : '', err(name) ? `${f(name)}-e` : ''].filter(Boolean).join(' ') || undefined,
  });
  const useKeys = useWatch({ control, name: 'settings.useKeys' });
  const oauthOn = useWatch({ control, name: 'settings.oauth.enabled' });
  const paging = useWatch({ control, name: 'settings.pagination.mode' });
  const notifyRoles = useWatch({ control, name: 'settings.notifyRoles' }) ?? [];
  const clientSecretStored = useWatch({ control, name: 'settings.oauth.clientSecretStored' });
  const privateKeyStored = useWatch({ control, name: 'settings.privateKeyStored' });
  const mappedSources = useWatch({ control, name: 'settings.mapping' });
  const overview = importing ? '/transfer/manage/import-overview' : '/transfer/manage/export-overview';

  return (
    <div className="admin-page transfer-page">
      <h1>{title}</h1>
      {!online ? <p role="status" className="alert alert--warning">{t('transfer.offline')}</p> : null}
      {notice ? (
        <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`alert ${notice.kind === 'error' ? 'alert--error' : notice.kind === 'ok' ? 'alert--success' : 'alert--warning'}`}>
          {notice.text}
        </p>
      ) : null}
      {!loaded ? (
        online ? <p aria-live="polite">{t('transfer.loading')}</p> : null
      ) : (
        <form className="admin-form transfer-form" noValidate onSubmit={(e) => void handleSubmit(onSubmit, () => setNotice({ kind: 'error', text: t('transfer.formInvalid') }))(e)}>
          <fieldset>
            <legend>{t('transfer.sectionGeneral')}</legend>
            <Field id={f('label')} label={t('transfer.label')} error={err('label')}>
              <input className="input" {...described('label')} {...register('label')} />
            </Field>
            <Field id={f('settings.schedule')} label={t('transfer.schedule')} error={err('settings.schedule')} hint={t('transfer.scheduleHint')}>
              <select className="input" {...described('settings.schedule', true)} {...register('settings.schedule')}>
                {SCHEDULES.map((s) => <option key={s} value={s}>{t(`transfer.schedules.${s}`)}</option>)}
              </select>
            </Field>
            <div className="field" role="group" aria-labelledby={f('roles')}>
              <p id={f('roles')} className="field__label">{t('transfer.notifyRoles')}</p>
              {(options?.roles ?? []).map((role) => (
                <label key={role.id} className="transfer-check">
                  <input
                    type="checkbox"
                    checked={notifyRoles.includes(Number(role.id))}
                    onChange={(e) =>
                      setValue('settings.notifyRoles', e.target.checked ? [...notifyRoles, Number(role.id)] : notifyRoles.filter((r) => r !== Number(role.id)), { shouldDirty: true })
                    }
                  />
                  {role.label}
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset>
            <legend>{importing ? t('transfer.sectionSource') : t('transfer.sectionTarget')}</legend>
            <Field id={f('settings.url')} label={t('transfer.url')} error={err('settings.url')}>
              <input className="input" type="url" inputMode="url" spellCheck={false} {...described('settings.url')} {...register('settings.url')} />
            </Field>
            {importing ? (
              <>
                <Field id={f('settings.method')} label={t('transfer.method')} error={err('settings.method')}>
                  <select className="input" {...described('settings.method')} {...register('settings.method')}>
                    {METHODS.map((m) => <option key={m} value={m}>{m}</option>)}
                  </select>
                </Field>
                <Field id={f('settings.format')} label={t('transfer.format')} error={err('settings.format')}>
                  <select className="input" {...described('settings.format')} {...register('settings.format')}>
                    {FORMATS.map((m) => <option key={m} value={m}>{t(`transfer.formats.${m}`)}</option>)}
                  </select>
                </Field>
              </>
            ) : (
              <Field id={f('settings.exportFormat')} label={t('transfer.exportFormat')} error={err('settings.exportFormat')}>
                <select className="input" {...described('settings.exportFormat')} {...register('settings.exportFormat')}>
                  <option value="csv">{t('transfer.formats.csv')}</option>
                  <option value="json">{t('transfer.formats.json')}</option>
                </select>
              </Field>
            )}
            {[
              ['headers', headers, 'transfer.headers', 'transfer.addHeader'] as const,
              ['parameters', parameters, 'transfer.parameters', 'transfer.addParameter'] as const,
            ].map(([name, arr, legend, add]) => (
              <fieldset key={name}>
                <legend>{t(legend)}</legend>
                <div className="transfer-rows">
                  {arr.fields.map((row, i) => (
                    <div key={row.id} className="transfer-row">
                      <Field id={f(`settings.${name}.${i}.name`)} label={t('transfer.name')} error={err(`settings.${name}.${i}.name`)}>
                        <input className="input" spellCheck={false} {...described(`settings.${name}.${i}.name`)} {...register(`settings.${name}.${i}.name`)} />
                      </Field>
                      <Field id={f(`settings.${name}.${i}.value`)} label={t('transfer.value')} error={err(`settings.${name}.${i}.value`)}>
                        <input className="input" spellCheck={false} {...described(`settings.${name}.${i}.value`)} {...register(`settings.${name}.${i}.value`)} />
                      </Field>
                      <button type="button" className="button" onClick={() => arr.remove(i)} aria-label={t('transfer.removeRow', { n: i + 1 })}>{t('transfer.remove')}</button>
                    </div>
                  ))}
                </div>
                <button type="button" className="button" onClick={() => arr.append({ name: '', value: '' })}>{t(add)}</button>
              </fieldset>
            ))}
            {importing ? (
              <>
                <Field id={f('settings.sourceElement')} label={t('transfer.sourceElement')} error={err('settings.sourceElement')} hint={t('transfer.sourceElementHint')}>
                  <input className="input" spellCheck={false} {...described('settings.sourceElement', true)} {...register('settings.sourceElement')} />
                </Field>
                <fieldset>
                  <legend>{t('transfer.pagination')}</legend>
                  <Field id={f('settings.pagination.mode')} label={t('transfer.pagination')} error={err('settings.pagination.mode')}>
                    <select className="input" {...described('settings.pagination.mode')} {...register('settings.pagination.mode')}>
                      {PAGINATIONS.map((m) => <option key={m} value={m}>{t(`transfer.paginations.${m}`)}</option>)}
                    </select>
                  </Field>
                  {paging === 'page' || paging === 'offset' ? (
                    <>
                      <Field id={f('settings.pagination.parameter')} label={t('transfer.pageParameter')} error={err('settings.pagination.parameter')}>
                        <input className="input" {...described('settings.pagination.parameter')} {...register('settings.pagination.parameter')} />
                      </Field>
                      <Field id={f('settings.pagination.pageSize')} label={t('transfer.pageSize')} error={err('settings.pagination.pageSize')}>
                        <input className="input" type="number" inputMode="numeric" {...described('settings.pagination.pageSize')} {...register('settings.pagination.pageSize', { valueAsNumber: true })} />
                      </Field>
                    </>
                  ) : null}
                  {paging === 'next' ? (
                    <Field id={f('settings.pagination.nextElement')} label={t('transfer.nextElement')} error={err('settings.pagination.nextElement')}>
                      <input className="input" {...described('settings.pagination.nextElement')} {...register('settings.pagination.nextElement')} />
                    </Field>
                  ) : null}
                  {paging !== 'none' ? (
                    <Field id={f('settings.pagination.maxPages')} label={t('transfer.maxPages')} error={err('settings.pagination.maxPages')}>
                      <input className="input" type="number" inputMode="numeric" {...described('settings.pagination.maxPages')} {...register('settings.pagination.maxPages', { valueAsNumber: true })} />
                    </Field>
                  ) : null}
                </fieldset>
              </>
            ) : null}
          </fieldset>

          <fieldset>
            <legend>{t('transfer.sectionAuth')}</legend>
            <label className="transfer-check"><input type="checkbox" {...register('settings.oauth.enabled')} />{t('transfer.oauth')}</label>
            {oauthOn ? (
              <>
                <Field id={f('settings.oauth.tokenUrl')} label={t('transfer.tokenUrl')} error={err('settings.oauth.tokenUrl')}>
                  <input className="input" type="url" spellCheck={false} {...described('settings.oauth.tokenUrl')} {...register('settings.oauth.tokenUrl')} />
                </Field>
                <Field id={f('settings.oauth.clientId')} label={t('transfer.clientId')} error={err('settings.oauth.clientId')}>
                  <input className="input" spellCheck={false} {...described('settings.oauth.clientId')} {...register('settings.oauth.clientId')} />
                </Field>
                <Field id={f('settings.oauth.clientSecret')} label={t('transfer.clientSecret')} error={err('settings.oauth.clientSecret')} {...(clientSecretStored ? { hint: t('transfer.secretStored') } : {})}>
                  <input className="input" type="password" autoComplete="new-password" {...described('settings.oauth.clientSecret', Boolean(clientSecretStored))} {...register('settings.oauth.clientSecret')} />
                </Field>
                <Field id={f('settings.oauth.scope')} label={t('transfer.scope')} error={err('settings.oauth.scope')}>
                  <input className="input" spellCheck={false} {...described('settings.oauth.scope')} {...register('settings.oauth.scope')} />
                </Field>
              </>
            ) : null}
            <Field id={f('settings.csr')} label={t('transfer.csr')} error={err('settings.csr')}>
              <textarea className="input transfer-pem" spellCheck={false} {...described('settings.csr')} {...register('settings.csr')} />
            </Field>
            <label className="transfer-check"><input type="checkbox" {...register('settings.useKeys')} />{t('transfer.useKeys')}</label>
            {useKeys ? (
              <>
                <Field id={f('settings.privateKey')} label={t('transfer.privateKey')} error={err('settings.privateKey')} {...(privateKeyStored ? { hint: t('transfer.keyStored') } : {})}>
                  <textarea className="input transfer-pem" spellCheck={false} {...described('settings.privateKey', Boolean(privateKeyStored))} {...register('settings.privateKey')} />
                </Field>
                <Field id={f('settings.publicKey')} label={t('transfer.publicKey')} error={err('settings.publicKey')}>
                  <textarea className="input transfer-pem" spellCheck={false} {...described('settings.publicKey')} {...register('settings.publicKey')} />
                </Field>
              </>
            ) : null}
          </fieldset>

          {importing ? (
            <fieldset>
              <legend>{t('transfer.sectionMapping')}</legend>
              <p>
                <button type="button" className="button" onClick={() => void runScan()} disabled={scan.busy} aria-busy={scan.busy}>{t('transfer.scan')}</button>
              </p>
              <div aria-live="polite">
                {scan.busy ? <p>{t('transfer.scanning')}</p> : null}
                {scan.text ? <p className="alert alert--success">{scan.text}</p> : null}
              </div>
              {scan.error ? <p role="alert" className="alert alert--error">{scan.error}</p> : null}
              <Field id={f('settings.keyField')} label={t('transfer.keyField')} error={err('settings.keyField')} hint={t('transfer.keyFieldHint')}>
                <select className="input" {...described('settings.keyField', true)} {...register('settings.keyField')}>
                  {KEY_FIELDS.map((k) => <option key={k} value={k}>{t(`transfer.keyFields.${k}`)}</option>)}
                </select>
              </Field>
              {err('settings.mapping') ? <p className="field__error" role="alert">{err('settings.mapping')}</p> : null}
              {mapping.fields.length === 0 ? <p>{t('transfer.mappingEmpty')}</p> : null}
              <div className="transfer-rows" data-testid="transfer-mapping">
                {mapping.fields.map((row, i) => {
                  const sample = scan.fields.find((x) => x.path === mappedSources?.[i]?.source)?.sample;
                  return (
                    <div key={row.id} className="transfer-row">
                      <Field id={f(`settings.mapping.${i}.source`)} label={t('transfer.source')} error={err(`settings.mapping.${i}.source`)} {...(sample ? { hint: `${t('transfer.sample')}: ${sample}` } : {})}>
                        <input className="input" spellCheck={false} list={`${uid}-paths`} {...described(`settings.mapping.${i}.source`, Boolean(sample))} {...register(`settings.mapping.${i}.source`)} />
                      </Field>
                      <Field id={f(`settings.mapping.${i}.target`)} label={t('transfer.target')} error={err(`settings.mapping.${i}.target`)}>
                        <select className="input" {...described(`settings.mapping.${i}.target`)} {...register(`settings.mapping.${i}.target`)}>
                          {PARTICIPANT_TARGETS.map((x) => <option key={x} value={x}>{t(`transfer.targets.${x}`)}</option>)}
                        </select>
                      </Field>
                      <button type="button" className="button" onClick={() => mapping.remove(i)} aria-label={t('transfer.removeRow', { n: i + 1 })}>{t('transfer.remove')}</button>
                    </div>
                  );
                })}
              </div>
              <datalist id={`${uid}-paths`}>
                {scan.fields.map((x) => <option key={x.path} value={x.path} />)}
              </datalist>
              <button type="button" className="button" onClick={() => mapping.append({ source: '', target: 'firstname' })}>{t('transfer.addMapping')}</button>
            </fieldset>
          ) : null}

          {importing ? (
            <fieldset>
              <legend>{t('transfer.sectionBehaviour')}</legend>
              <Field id={f('settings.behaviour')} label={t('transfer.behaviour')} error={err('settings.behaviour')}>
                <select className="input" {...described('settings.behaviour')} {...register('settings.behaviour')}>
                  {BEHAVIOURS.map((b) => <option key={b} value={b}>{t(`transfer.behaviours.${b}`)}</option>)}
                </select>
              </Field>
              <label className="transfer-check"><input type="checkbox" {...register('settings.createUsers')} />{t('transfer.createUsers')}</label>
              <label className="transfer-check"><input type="checkbox" {...register('settings.reactivateHidden')} />{t('transfer.reactivateHidden')}</label>
              <Field id={f('settings.defaultProjectId')} label={t('transfer.defaultProject')} error={err('settings.defaultProjectId')}>
                <select className="input" {...described('settings.defaultProjectId')} {...register('settings.defaultProjectId', { setValueAs: (x: string | null) => (x === '' || x === null ? null : x) })}>
                  <option value="">{t('transfer.noProject')}</option>
                  {(options?.projects ?? []).map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
                </select>
              </Field>
            </fieldset>
          ) : null}

          <div className="admin-form__actions">
            <button type="submit" className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting}>{isSubmitting ? t('transfer.saving') : t('transfer.save')}</button>
            {!isNew ? <button type="button" className="button" onClick={() => void runNow()} disabled={running} aria-busy={running}>{t('transfer.runNow')}</button> : null}
            {!isNew ? <button type="button" className="button" onClick={() => void remove()}>{t('transfer.delete')}</button> : null}
            <Link to={overview} className="button">{t('transfer.cancel')}</Link>
          </div>
          {isNew ? <p className="admin-muted">{t('transfer.saveFirst')}</p> : null}
        </form>
      )}
      {!isNew && loaded ? <RunLog id={id} version={runsVersion} waiting={running} onFinished={onRunFinished} /> : null}
    </div>
  );
}

const PER_PAGE = 10;

/** The run log of a transfer, newest first, a page at a time; while a run is waiting or going it looks again every second. */
function RunLog({ id, version, waiting, onFinished }: { id: string; version: number; waiting: boolean; onFinished: (run: TransferRunView) => void }) {
  const { t, i18n } = useTranslation();
  const online = useOnlineStatus();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ items: TransferRunView[]; total: number; queued: boolean } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!online) return;
    let live = true;
    fetchRuns(id, page, PER_PAGE).then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setFailure(null);
        const newest = answer.items[0];
        if (waiting && !answer.queued && newest && newest.state !== 'running') onFinished(newest);
      },
      (error: unknown) => live && setFailure(failureText(t, error)),
    );
    return () => {
      live = false;
    };
  }, [id, page, version, tick, online, waiting, onFinished, t]);

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setTick((n) => n + 1), 1000);
    return () => clearTimeout(timer);
  }, [waiting, tick]);

  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'nl-NL', { dateStyle: 'medium', timeStyle: 'medium' }) : '—');
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  return (
    <section aria-labelledby={`runs-${id}`}>
      <h2 id={`runs-${id}`}>{t('transfer.sectionRuns')}</h2>
      {failure ? <p role="alert" className="alert alert--error">{failure}</p> : null}
      {data === null ? (
        online ? <p aria-live="polite">{t('transfer.loading')}</p> : null
      ) : data.items.length === 0 ? (
        <p>{data.queued ? t('transfer.states.queued') : t('transfer.runsEmpty')}</p>
      ) : (
        <>
          <table className="admin-table" data-testid="transfer-runs">
            <thead>
              <tr>
                <th scope="col">{t('transfer.started')}</th>
                <th scope="col">{t('transfer.finished')}</th>
                <th scope="col">{t('transfer.trigger')}</th>
                <th scope="col">{t('transfer.state')}</th>
                <th scope="col">{t('transfer.rowsRead')}</th>
                <th scope="col">{t('transfer.created')}</th>
                <th scope="col">{t('transfer.updated')}</th>
                <th scope="col">{t('transfer.skipped')}</th>
                <th scope="col">{t('transfer.refused')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((run) => (
                <tr key={run.id}>
                  <th scope="row">{when(run.startedAt)}</th>
                  <td>{when(run.finishedAt)}</td>
                  <td>{t(`transfer.triggers.${run.trigger}`)}</td>
                  <td>{t(`transfer.states.${run.state}`)}{run.error ? `: ${reasonText(t, run.error)}` : ''}</td>
                  <td>{run.rowsRead}</td>
                  <td>{run.created}</td>
                  <td>{run.updated}</td>
                  <td>{run.skipped}</td>
                  <td>{run.refused}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.items.filter((r) => (r.refusals ?? []).length > 0).map((run) => (
            <div key={run.id} className="transfer-refusals">
              <h3>{t('transfer.refusalsOf', { date: when(run.startedAt) })}</h3>
              <table className="admin-table" data-testid="transfer-refusals">
                <thead>
                  <tr>
                    <th scope="col">{t('transfer.row')}</th>
                    <th scope="col">{t('transfer.key')}</th>
                    <th scope="col">{t('transfer.reason')}</th>
                  </tr>
                </thead>
                <tbody>
                  {(run.refusals ?? []).map((r) => (
                    <tr key={`${r.row}-${r.reason}`}>
                      <th scope="row">{r.row}</th>
                      <td>{r.key ?? '—'}</td>
                      <td>{reasonText(t, r.reason, r.field ? { field: r.field } : null)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
          {pages > 1 ? (
            <nav className="transfer-actions" aria-label={t('transfer.sectionRuns')}>
              <button type="button" className="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>{t('transfer.previous')}</button>
              <span>{t('transfer.pageOf', { page, pages })}</span>
              <button type="button" className="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>{t('transfer.next')}</button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
