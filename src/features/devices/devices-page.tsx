import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../lib/format';
import { NetworkError } from '../../lib/api/api-error';
import { failureText } from '../../lib/ui/reason-text';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { agentName } from '../../domain/devices/user-agent';
import type { DeviceRow } from '../../domain/devices/devices';
import { fetchDevices, revokeDevice } from './api';
import { RevokeDialog } from './revoke-dialog';
import './devices.css';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; rows: DeviceRow[]; total: number; pageSize: number }
  | { state: 'failed'; text: string };

/** "Chrome op Android", from the stored User-Agent. */
export function deviceName(t: TFunction, userAgent: string): string {
  const { browser, os } = agentName(userAgent);
  if (browser && os) return t('devices.agent', { browser, os });
  return browser ?? os ?? t('devices.unknownAgent');
}

function status(t: TFunction, row: DeviceRow): string {
  if (row.wipedAt) return t('devices.status.wiped');
  if (row.revokedAt) return t('devices.status.revoked');
  return t('devices.status.active');
}

interface DevicesPageProps {
  /** own: /user/devices (the signed-in user's); company: /administratie/apparaten (administrators). */
  scope: 'own' | 'company';
  /** What the route adds below the list (the own page: this device's authenticator unlock, issue 36). */
  children?: ReactNode;
}

/**
 * The devices (browser profiles) that signed in (issue 36): the user's own, or the organisation's for an
 * administrator, with last contact, the unsent rows each last reported, status, and revocation behind a
 * dialog that names its consequences.
 */
export function DevicesPage({ scope, children }: DevicesPageProps) {
  const { t, i18n } = useTranslation();
  const title = scope === 'own' ? t('devices.own.title') : t('devices.company.title');
  useDocumentTitle(title);
  const [page, setPage] = useState(1);
  const [userDraft, setUserDraft] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [revoking, setRevoking] = useState<DeviceRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchDevices({ scope, page, ...(userId ? { userId } : {}) }, controller.signal).then(
      (answer) => setLoad({ state: 'ready', rows: answer.rows, total: answer.total, pageSize: answer.pageSize }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ state: 'failed', text: error instanceof NetworkError ? t('devices.offline') : failureText(t, error) });
      },
    );
    return () => controller.abort();
  }, [scope, page, userId, attempt, t]);

  const filter = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(userDraft.trim());
    setUserId(userDraft.trim() !== '' && Number.isSafeInteger(id) && id > 0 ? id : null);
    setPage(1);
    setLoad({ state: 'loading' });
  };

  const confirmRevoke = async () => {
    if (!revoking) return;
    setBusy(true);
    setRevokeError(null);
    try {
      await revokeDevice(revoking.id);
      setNotice(t('devices.revoke.done', { device: deviceName(t, revoking.userAgent) }));
      setRevoking(null);
      setAttempt((n) => n + 1);
    } catch (error) {
      setRevokeError(error instanceof NetworkError ? t('devices.offline') : failureText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const pages = load.state === 'ready' ? Math.max(1, Math.ceil(load.total / load.pageSize)) : 1;

  return (
    <main className="page devices-page" aria-labelledby="devices-title">
      <h1 id="devices-title">{title}</h1>
      <p>{scope === 'own' ? t('devices.own.intro') : t('devices.company.intro')}</p>
      {scope === 'company' ? (
        <form className="devices-page__filter" onSubmit={filter} aria-label={t('devices.filter.label')}>
          <div className="field">
            <label className="field__label" htmlFor="devices-user">
              {t('devices.filter.userId')}
            </label>
            <input id="devices-user" className="input" inputMode="numeric" maxLength={15} value={userDraft} onChange={(e) => setUserDraft(e.target.value)} />
          </div>
          <button type="submit" className="button">
            {t('devices.filter.apply')}
          </button>
        </form>
      ) : null}
      {notice ? (
        <p role="status" className="alert alert--success">
          {notice}
        </p>
      ) : null}
      {load.state === 'loading' ? <p role="status">{t('devices.loading')}</p> : null}
      {load.state === 'failed' ? (
        <div role="alert" className="alert alert--error">
          <p>{load.text}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}
      {load.state === 'ready' && load.rows.length === 0 ? <p>{t('devices.empty')}</p> : null}
      {load.state === 'ready' && load.rows.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={title}>
          <table className="table devices-table">
            <thead>
              <tr>
                <th scope="col">{t('devices.columns.device')}</th>
                {scope === 'company' ? <th scope="col">{t('devices.columns.user')}</th> : null}
                <th scope="col">{t('devices.columns.lastSeen')}</th>
                <th scope="col">{t('devices.columns.unsent')}</th>
                <th scope="col">{t('devices.columns.status')}</th>
                <th scope="col">{t('devices.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {load.rows.map((row) => (
                <tr key={row.id} data-device={row.id}>
                  <td>
                    {deviceName(t, row.userAgent)}
                    {row.current ? <span className="devices-table__current"> ({t('devices.current')})</span> : null}
                  </td>
                  {scope === 'company' ? <td>{row.userName || `#${row.userId}`}</td> : null}
                  <td>{formatDateTime(row.lastSeenAt, i18n.language)}</td>
                  <td>{row.unsentCount ?? '—'}</td>
                  <td>
                    {status(t, row)}
                    {row.revokedByName ? ` (${t('devices.revokedBy', { name: row.revokedByName })})` : null}
                  </td>
                  <td>
                    {row.revokedAt ? null : (
                      <button
                        type="button"
                        className="button button--small button--danger"
                        onClick={() => {
                          setRevokeError(null);
                          setRevoking(row);
                        }}
                        aria-label={t('devices.revoke.button', { device: deviceName(t, row.userAgent) })}
                      >
                        {t('devices.revoke.action')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {load.state === 'ready' && pages > 1 ? (
        <nav className="devices-page__paging" aria-label={t('devices.paging')}>
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('devices.previous')}
          </button>
          <span>{t('devices.page', { page, pages })}</span>
          <button type="button" className="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('devices.next')}
          </button>
        </nav>
      ) : null}
      {revoking ? (
        <RevokeDialog
          deviceName={deviceName(t, revoking.userAgent)}
          userName={revoking.userName || `#${revoking.userId}`}
          current={revoking.current}
          busy={busy}
          error={revokeError}
          onConfirm={() => void confirmRevoke()}
          onCancel={() => setRevoking(null)}
        />
      ) : null}
      {children}
    </main>
  );
}
