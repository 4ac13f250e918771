import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OUTBOX_ROW_SENDING, type OutboxRow, type OutboxStatus } from '../../domain/sync/outbox-machine';
import { useOutboxRows } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { OutboxRowItem } from './outbox-row-item';
import { SignOutQuestion } from './sign-out-question';
import type { SignOutChoice } from './sign-out-flow';
import { outboxActions } from './sync-actions';
import { SyncOverview } from './sync-overview';
import type { ReactNode } from 'react';
import './sync.css';

interface PendingChangesPageProps {
  /** Show the sign-out question (send now / keep / save as file / discard / cancel) above the list. */
  askSignOut: boolean;
  onSignOut: (choice: SignOutChoice | null) => void;
  onCancelSignOut: () => void;
  /** Extra content under the status (the install invitation). */
  aside?: ReactNode;
  /** A question above everything else (leaving an impersonation whose changes wait). */
  before?: ReactNode;
}

/** Rows shown per group at first: a long outbox (1,000 queued offline) must not re-render in full on every change. */
export const ROWS_SHOWN = 50;

const GROUPS: { statuses: OutboxStatus[]; heading: 'sync.page.conflictHeading' | 'sync.page.failedHeading' | 'sync.page.pendingHeading' }[] = [
  { statuses: ['conflict'], heading: 'sync.page.conflictHeading' },
  { statuses: ['failed'], heading: 'sync.page.failedHeading' },
  { statuses: ['pending', 'sending'], heading: 'sync.page.pendingHeading' },
];

/** /wijzigingen: the sync status and every change on this device that has not reached the server. */
export function PendingChangesPage({ askSignOut, onSignOut, onCancelSignOut, aside, before }: PendingChangesPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('sync.page.title'));
  const rows = useOutboxRows();
  const [notice, setNotice] = useState('');
  const [shown, setShown] = useState<Record<string, number>>({});
  const listHeading = useRef<HTMLHeadingElement>(null);

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      setNotice(done);
      listHeading.current?.focus();
    } catch (error) {
      // A change being sent cannot be discarded: say why (the message is its i18n key across the worker boundary).
      const message = error instanceof Error ? error.message : String(error);
      setNotice(message.includes(OUTBOX_ROW_SENDING) ? t(OUTBOX_ROW_SENDING) : t('sync.row.actionFailed'));
    }
  };

  return (
    <div className="sync-page">
      <h1 className="sync-page__title">{t('sync.page.title')}</h1>
      <p className="sync-page__intro">{t('sync.page.intro')}</p>
      {before}
      {askSignOut ? <SignOutQuestion onSignOut={onSignOut} onCancel={onCancelSignOut} /> : null}
      <SyncOverview />
      {aside}
      <section className="sync-page__changes" aria-labelledby="sync-changes-title">
        <h2 id="sync-changes-title" ref={listHeading} tabIndex={-1}>
          {t('sync.page.changesHeading')}
        </h2>
        <p className="visually-hidden" aria-live="polite">
          {notice}
        </p>
        {rows === undefined ? <p>{t('sync.page.loading')}</p> : null}
        {rows?.length === 0 ? <p className="sync-page__empty">{t('sync.page.empty')}</p> : null}
        {GROUPS.map((group) => {
          const inGroup = (rows ?? []).filter((r: OutboxRow) => group.statuses.includes(r.status));
          if (inGroup.length === 0) return null;
          const limit = shown[group.heading] ?? ROWS_SHOWN;
          return (
            <div key={group.heading} className="sync-page__group">
              <h3>
                {t(group.heading)} <span className="sync-page__count">({inGroup.length})</span>
              </h3>
              <ul className="outbox-list">
                {inGroup.slice(0, limit).map((row) => (
                  <OutboxRowItem
                    key={row.clientMutationId}
                    row={row}
                    onRetry={(r) => act(() => outboxActions.retry(r.clientMutationId), t('sync.row.retried'))}
                    onDiscard={(r) => act(() => outboxActions.discard(r.clientMutationId), t('sync.row.discarded'))}
                    onResolve={(r, chosen) => act(() => outboxActions.resolve(r.clientMutationId, chosen), t('sync.conflict.resolved'))}
                  />
                ))}
              </ul>
              {inGroup.length > limit ? (
                <p className="sync-page__more">
                  <span>{t('sync.page.shownOf', { shown: limit, total: inGroup.length })}</span>{' '}
                  <button type="button" className="button" onClick={() => setShown((s) => ({ ...s, [group.heading]: limit + ROWS_SHOWN }))}>
                    {t('sync.page.showMore')}
                  </button>
                </p>
              ) : null}
            </div>
          );
        })}
      </section>
    </div>
  );
}
