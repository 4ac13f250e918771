import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEGACY_UNSENDABLE, type OutboxRow } from '../../domain/sync/outbox-machine';
import { ConflictChoice } from './conflict-choice';
import { formatDate, formatTime } from '../../lib/format';
import { opLabel, reasonText } from './op-label';
import { RefusedInput } from './refused-input';

interface OutboxRowItemProps {
  row: OutboxRow;
  onRetry: (row: OutboxRow) => Promise<void>;
  onDiscard: (row: OutboxRow) => Promise<void>;
  onResolve: (row: OutboxRow, chosen: Record<string, unknown>) => Promise<void>;
}

/** One change on the changes page: what, when, its state or the server's reason, and what can be done. */
export function OutboxRowItem({ row, onRetry, onDiscard, onResolve }: OutboxRowItemProps) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };
  const label = opLabel(t, row.op);
  const refused = row.status === 'failed' || row.status === 'conflict';

  return (
    <li className={`outbox-row outbox-row--${row.status}`}>
      <div className="outbox-row__head">
        <strong className="outbox-row__label">{label}</strong>
        <span className="outbox-row__time">
          {t('sync.row.createdAt', { date: formatDate(row.createdAt, i18n.language), time: formatTime(row.createdAt, i18n.language) })}
        </span>
      </div>
      {row.status === 'sending' ? <p className="outbox-row__state">{t('sync.row.sending')} {t('sync.row.sendingNoDiscard')}</p> : null}
      {row.status === 'pending' ? (
        <p className="outbox-row__state">{row.attempts > 0 ? t('sync.row.attempts', { count: row.attempts }) : t('sync.row.waiting')}</p>
      ) : null}
      {refused && row.error ? <p className="outbox-row__reason">{reasonText(t, row.error, row.errorParams)}</p> : null}
      {row.status === 'failed' ? <RefusedInput row={row} /> : null}
      {row.status === 'conflict' ? <ConflictChoice row={row} onResolve={(chosen) => onResolve(row, chosen)} /> : null}
      {confirming ? (
        <div className="outbox-row__confirm" role="group" aria-label={t('sync.row.discardConfirm')}>
          <p>{t('sync.row.discardConfirm')}</p>
          <button type="button" className="button button--danger" disabled={busy} onClick={() => run(() => onDiscard(row))}>
            {t('sync.row.discardYes')}
          </button>
          <button type="button" className="button" autoFocus onClick={() => setConfirming(false)}>
            {t('sync.row.cancel')}
          </button>
        </div>
      ) : (
        <div className="outbox-row__actions">
          {/* A former portal queue row that cannot be sent (issue 37) is kept to copy or discard: retrying it would fail the same way. */}
          {(row.status === 'failed' && row.error !== LEGACY_UNSENDABLE) || (row.status === 'conflict' && row.serverDocument === null) ? (
            <button type="button" className="button" disabled={busy} onClick={() => run(() => onRetry(row))}>
              {t('sync.row.retry')}
            </button>
          ) : null}
          <button
            type="button"
            className="button"
            disabled={busy || row.status === 'sending'}
            aria-label={`${t('sync.row.discard')}: ${label}`}
            onClick={() => setConfirming(true)}
          >
            {t('sync.row.discard')}
          </button>
        </div>
      )}
    </li>
  );
}
