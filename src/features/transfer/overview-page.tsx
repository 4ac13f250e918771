import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useOnlineStatus } from '../../lib/use-online-status';
import { failureText } from '../../lib/ui/reason-text';
import { fetchTransfers, type TransferListItem } from './api';
import { settingsPath } from './paths';
import type { TransferKind } from '../../domain/transfer/settings';
import './transfer.css';

const IMPORT_KINDS: TransferKind[] = ['flexibleImporter', 'importer', 'instrumentImporter'];

/** /transfer/manage/import-overview and export-overview: the company's transfers with their last run. */
export function TransferOverviewPage({ direction }: { direction: 'import' | 'export' }) {
  const { t, i18n } = useTranslation();
  const title = t(direction === 'import' ? 'transfer.importOverview' : 'transfer.exportOverview');
  useDocumentTitle(title);
  const online = useOnlineStatus();
  const [list, setList] = useState<TransferListItem[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!online) return;
    let live = true;
    fetchTransfers(direction).then(
      (rows) => {
        if (!live) return;
        setFailure(null);
        setList(rows);
      },
      (error: unknown) => live && setFailure(failureText(t, error)),
    );
    return () => {
      live = false;
    };
  }, [direction, online, t]);

  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'nl-NL', { dateStyle: 'medium', timeStyle: 'short' });
  const kinds = direction === 'import' ? IMPORT_KINDS : (['exporter'] as TransferKind[]);
  return (
    <div className="admin-page transfer-page">
      <h1>{title}</h1>
      <p>{t(direction === 'import' ? 'transfer.importIntro' : 'transfer.exportIntro')}</p>
      <p className="transfer-actions">
        {kinds.map((kind) => (
          <Link key={kind} to={settingsPath(kind)} params={{ id: 'new' }} className="button button--primary">
            {t('transfer.newOf', { kind: t(`transfer.kinds.${kind}`) })}
          </Link>
        ))}
      </p>
      {!online ? <p role="status" className="alert alert--warning">{t('transfer.offline')}</p> : null}
      {failure ? <p role="alert" className="alert alert--error">{failure}</p> : null}
      {list === null ? (
        online && !failure ? <p aria-live="polite">{t('transfer.loading')}</p> : null
      ) : list.length === 0 ? (
        <p>{t('transfer.empty')}</p>
      ) : (
        <table className="admin-table" data-testid="transfer-table">
          <thead>
            <tr>
              <th scope="col">{t('transfer.label')}</th>
              <th scope="col">{t('transfer.kind')}</th>
              <th scope="col">{t('transfer.schedule')}</th>
              <th scope="col">{t('transfer.lastRun')}</th>
              <th scope="col">{t('transfer.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((item) => (
              <tr key={item.id}>
                <th scope="row">{item.label}</th>
                <td>{t(`transfer.kinds.${item.kind}`)}</td>
                <td>{t(`transfer.schedules.${item.schedule as 'never'}`)}</td>
                <td>
                  {item.lastRun
                    ? `${when(item.lastRun.startedAt)} · ${t(`transfer.states.${item.lastRun.state}`)} (${t('transfer.runDone', { created: item.lastRun.created, updated: item.lastRun.updated, refused: item.lastRun.refused })})`
                    : t('transfer.never')}
                </td>
                <td>
                  <Link to={settingsPath(item.kind)} params={{ id: item.id }} aria-label={`${t('transfer.settings')}: ${item.label}`}>
                    {t('transfer.settings')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
