import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { sessionStore } from '../../lib/session/session-store';
import { syncApi } from '../../lib/sync-client';
import { reportError } from '../../lib/error-reporting';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useOnlineStatus } from '../../lib/use-online-status';
import { reasonText, failureText } from '../../lib/ui/reason-text';
import { roleKind } from '../../domain/users/roles-policy';
import { TRANSFER_KINDS, mayTransferCaseload, type TransferKind } from '../../domain/caseload/seats';
import { rowIdsOf, transferProblems, type TransferValues } from './transfer-form';
import { caseloadStaff, refusedTransfers, seatCandidates, transferRows, type TransferRow } from './queries';
import './caseload.css';

interface Done {
  kind: TransferKind;
  fromUserId: number;
  toUserId: number;
  ids: number[];
  count: number;
  from: string;
  to: string;
  undone: boolean;
}

/** Queues one transfer (a declared write: offline it waits in the outbox and goes out once). */
function queueTransfer(kind: TransferKind, fromUserId: number, toUserId: number, ids: number[] | undefined): Promise<string> {
  const api = syncApi().caseload;
  if (kind === 'coach') return api.replaceCoach({ fromUserId, toUserId, ...(ids ? { participantIds: ids } : {}) });
  if (kind === 'caseloadManager') return api.replaceCaseloadManager({ fromUserId, toUserId, ...(ids ? { participantIds: ids } : {}) });
  return api.replaceManager({ fromUserId, toUserId, ...(ids ? { workPlanIds: ids } : {}) });
}

/**
 * Caseload transfer (/administration/caseload, 02 §1): the coach or manager of many participants, or
 * the manager of unfinished work plans, replaced by another user in one write: all the rows or a
 * selection, a confirmation first, undo afterwards. Read from the replica and queued like every
 * write, so it works offline; the server checks the rules again (docs/decisions.md "Caseload transfer").
 */
export function CaseloadPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.caseload'));
  const { user } = useSnapshot(sessionStore);
  const online = useOnlineStatus();
  const allowed = mayTransferCaseload(roleKind(user?.roleId ?? 0));
  const [confirming, setConfirming] = useState(false);
  // react-hook-form with the transfer write's schema (issue 21): a message goes as its field becomes valid,
  // the focus goes to the first error; the resolver (run on events, after this render) checks the rows on screen.
  const allBox = useRef<HTMLInputElement>(null);
  const resolver: Resolver<TransferValues> = (values, _context, options) => {
    const problems = transferProblems(t, values, rowIdsOf(rows));
    if (Object.keys(problems).length === 0) return { values, errors: {} };
    return { values: {}, errors: toNestErrors(Object.fromEntries(Object.entries(problems).map(([k, message]) => [k, { type: 'validate', message }])), options) };
  };
  const { register, handleSubmit, setValue, setError, clearErrors, reset: resetForm, control, formState: { errors: fieldErrors } } = useForm<TransferValues>({
    defaultValues: { kind: 'coach', fromUserId: '', toUserId: '', excluded: [] },
    resolver,
    reValidateMode: 'onChange',
  });
  const [kind, fromText, toText, excludedList] = useWatch({ control, name: ['kind', 'fromUserId', 'toUserId', 'excluded'] });
  const fromUserId = fromText === '' ? null : Number(fromText);
  const toUserId = toText === '' ? null : Number(toText);
  const excluded = new Set(excludedList);
  const errors = { fromUserId: fieldErrors.fromUserId?.message, toUserId: fieldErrors.toUserId?.message, rows: fieldErrors.excluded?.message, _form: fieldErrors.root?.message };
  const [done, setDone] = useState<Done | null>(null);
  const ids = { kind: useId(), from: useId(), to: useId(), fromError: useId(), toError: useId(), rowsError: useId() };
  const staff = useReplicaQuery((r) => caseloadStaff(r), []);
  const rows = useReplicaQuery((r) => (fromUserId === null ? Promise.resolve([] as TransferRow[]) : transferRows(r, kind, fromUserId)), [kind, fromUserId]);
  const refused = useReplicaQuery((r) => refusedTransfers(r), []);
  const candidates = useMemo(() => seatCandidates(staff ?? [], kind, fromUserId), [staff, kind, fromUserId]);
  const chosen = (rows ?? []).filter((row) => !excluded.has(row.id));
  const nameOf = (id: number | null) => staff?.find((u) => u.id === id)?.name ?? '';

  if (!allowed) {
    return (
      <div className="caseload">
        <h1>{t('screens.caseload')}</h1>
        <p role="alert" className="alert alert--error">{t('caseload.errors.notAllowed')}</p>
      </div>
    );
  }

  // Another kind or another person to replace: a new choice of rows, earlier messages go.
  const reset = () => {
    setValue('excluded', []);
    clearErrors();
    setConfirming(false);
  };
  const setExcluded = (next: ReadonlySet<number>) => {
    setValue('excluded', [...next], { shouldValidate: fieldErrors.excluded !== undefined });
    setConfirming(false);
  };

  const check = (event: FormEvent) =>
    void handleSubmit(
      () => setConfirming(true),
      (found) => {
        setConfirming(false);
        // the rows have no single input: the focus goes to "select all" when they hold the only error
        if (!found.fromUserId && !found.toUserId && found.excluded) allBox.current?.focus();
      },
    )(event);

  const transfer = async () => {
    if (fromUserId === null || toUserId === null) return;
    const all = chosen.length === (rows ?? []).length;
    const moved = chosen.map((row) => row.id);
    try {
      await queueTransfer(kind, fromUserId, toUserId, all ? undefined : moved);
      setDone({ kind, fromUserId, toUserId, ids: moved, count: moved.length, from: nameOf(fromUserId), to: nameOf(toUserId), undone: false });
      resetForm({ kind, fromUserId: '', toUserId: '', excluded: [] });
      setConfirming(false);
    } catch (error) {
      setConfirming(false);
      setError('root', { type: 'server', message: failureText(t, error) });
    }
  };

  const undo = async (d: Done) => {
    try {
      // The same rows back: exactly those moved (a colleague's later changes to others stay).
      await queueTransfer(d.kind, d.toUserId, d.fromUserId, d.ids);
      setDone({ ...d, undone: true });
    } catch (error) {
      setError('root', { type: 'server', message: failureText(t, error) });
    }
  };

  const rowsLabel = t(kind === 'workPlanManager' ? 'caseload.rows.workPlans' : 'caseload.rows.participants');
  return (
    <div className="caseload">
      <h1>{t('screens.caseload')}</h1>
      <p className="caseload__muted">{t('caseload.intro')}</p>
      {done ? (
        <div role="status" className="alert alert--success" data-testid="caseload-done">
          {t(done.undone ? 'caseload.undone' : online ? 'caseload.queued' : 'caseload.queuedOffline', { count: done.count, from: done.from, to: done.to })}{' '}
          {!done.undone ? (
            <button type="button" className="button button--small" onClick={() => void undo(done)}>
              {t('caseload.undo')}
            </button>
          ) : null}
        </div>
      ) : null}
      {refused && refused.length > 0 ? (
        <div role="alert" className="alert alert--error">
          <p>{t('caseload.refused', { count: refused.length })}</p>
          <ul>
            {refused.map((row) => (
              <li key={row.clientMutationId} data-testid="caseload-refused">
                <strong>{t(`caseload.writes.${row.op.slice('caseload.'.length) as 'replaceCoach' | 'replaceManager' | 'replaceCaseloadManager'}`)}</strong>: {reasonText(t, row.error, row.errorParams as Record<string, string | number> | null | undefined)}{' '}
                <button type="button" className="button button--small" onClick={() => void syncApi().outbox.discard(row.clientMutationId).catch(reportError)}>
                  {t('caseload.discard')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <form className="caseload__form" onSubmit={check} noValidate>
        {errors._form ? <p role="alert" className="alert alert--error">{errors._form}</p> : null}
        <fieldset className="caseload__kinds">
          <legend>{t('caseload.kind')}</legend>
          {TRANSFER_KINDS.map((k) => (
            <label key={k} className="caseload__choice">
              <input type="radio" value={k} {...register('kind', { onChange: reset })} />
              {t(`caseload.kinds.${k}`)}
            </label>
          ))}
        </fieldset>
        <div className="caseload__people">
          <div className="field">
            <label htmlFor={ids.from}>{t('caseload.from')}</label>
            <select id={ids.from} className="input" aria-invalid={errors.fromUserId ? true : undefined} aria-describedby={errors.fromUserId ? ids.fromError : undefined} {...register('fromUserId', { onChange: reset })}>
              <option value="">{t('caseload.choose')}</option>
              {(staff ?? []).map((u) => (
                <option key={u.id} value={u.id}>{u.active ? u.name : t('caseload.inactive', { name: u.name })}</option>
              ))}
            </select>
            {errors.fromUserId ? <p id={ids.fromError} className="field__error">{errors.fromUserId}</p> : null}
          </div>
          <div className="field">
            <label htmlFor={ids.to}>{t('caseload.to')}</label>
            <select id={ids.to} className="input" aria-invalid={errors.toUserId ? true : undefined} aria-describedby={errors.toUserId ? ids.toError : undefined} {...register('toUserId', { onChange: () => setConfirming(false) })}>
              <option value="">{t('caseload.choose')}</option>
              {candidates.map((u) => (
                <option key={u.id} value={u.id}>{u.name}</option>
              ))}
            </select>
            {errors.toUserId ? <p id={ids.toError} className="field__error">{errors.toUserId}</p> : null}
          </div>
        </div>
        {fromUserId === null ? (
          <p className="caseload__muted">{t('caseload.chooseFirst')}</p>
        ) : rows === undefined ? (
          <p aria-live="polite">{t('caseload.loading')}</p>
        ) : rows.length === 0 ? (
          <p data-testid="caseload-empty">{t('caseload.empty', { name: nameOf(fromUserId) })}</p>
        ) : (
          <fieldset className="caseload__rows" aria-describedby={errors.rows ? ids.rowsError : undefined}>
            <legend>{t('caseload.selection', { what: rowsLabel, chosen: chosen.length, total: rows.length })}</legend>
            <label className="caseload__choice caseload__all">
              <input ref={allBox} type="checkbox" checked={excluded.size === 0} aria-invalid={errors.rows ? true : undefined} aria-describedby={errors.rows ? ids.rowsError : undefined} onChange={(e) => setExcluded(e.target.checked ? new Set() : new Set(rows.map((row) => row.id)))} />
              {t('caseload.all')}
            </label>
            <ul className="caseload__list">
              {rows.map((row) => (
                <li key={row.id}>
                  <label className="caseload__choice" data-testid="caseload-row">
                    <input
                      type="checkbox"
                      checked={!excluded.has(row.id)}
                      onChange={(e) => {
                        const next = new Set(excluded);
                        if (e.target.checked) next.delete(row.id);
                        else next.add(row.id);
                        setExcluded(next);
                      }}
                    />
                    <span>{row.label}</span>
                    {row.detail ? <span className="caseload__muted"> · {row.detail}</span> : null}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {errors.rows ? <p id={ids.rowsError} role="alert" className="field__error">{errors.rows}</p> : null}
        {confirming ? (
          <div className="caseload__confirm" role="alertdialog" aria-labelledby="caseload-confirm-text">
            <p id="caseload-confirm-text">{t('caseload.confirm', { count: chosen.length, what: rowsLabel, from: nameOf(fromUserId), to: nameOf(toUserId) })}</p>
            <button type="button" className="button button--primary" onClick={() => void transfer()} autoFocus>{t('caseload.confirmYes')}</button>{' '}
            <button type="button" className="button" onClick={() => setConfirming(false)}>{t('caseload.cancel')}</button>
          </div>
        ) : (
          <button type="submit" className="button button--primary">{t('caseload.submit')}</button>
        )}
      </form>
    </div>
  );
}
