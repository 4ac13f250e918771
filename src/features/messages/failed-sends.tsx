import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import { reasonKeyOf } from '../../domain/messages/reasons';
import { sendInputOf } from '../../domain/messages/writes';
import { reportError } from '../../lib/error-reporting';
import { startEditing } from './edit-draft';
import { messageActions } from './message-actions';
import type { MessagePaths } from './paths';
import { useFailedSends } from './use-messages';

/**
 * Messages the server refused (a recipient no longer reachable, ...): the reason, and what was typed,
 * with retry, edit and discard.
 */
export function FailedSends({ paths }: { paths: MessagePaths }) {
  const { t } = useTranslation();
  const router = useRouter();
  const rows = useFailedSends();
  if (!rows || rows.length === 0) return null;
  return (
    <section className="failed-sends" aria-labelledby="failed-sends-title" role="alert">
      <h2 id="failed-sends-title" className="failed-sends__title">
        {t('messages.failed.title')}
      </h2>
      <ul>
        {rows.map((row) => {
          const key = reasonKeyOf(row.error);
          const name = typeof row.patch?.recipientName === 'string' ? row.patch.recipientName : '';
          const subject = sendInputOf(row.args).subject;
          return (
            <li key={row.clientMutationId} className="failed-sends__item" data-testid="failed-send">
              <strong>{typeof subject === 'string' ? subject : ''}</strong>
              {name && <span> · {t('messages.failed.to', { name })}</span>}
              <p className="failed-sends__reason">{t('messages.failed.reason', { reason: key ? t(key) : (row.error ?? '') })}</p>
              <div className="failed-sends__actions">
                <button type="button" className="button" onClick={() => messageActions.retry(row.clientMutationId).catch(reportError)}>
                  {t('messages.failed.retry')}
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    startEditing(row);
                    void router.navigate({ href: paths.compose() });
                  }}
                >
                  {t('messages.failed.edit')}
                </button>
                <button type="button" className="button" onClick={() => messageActions.discard(row.clientMutationId).catch(reportError)}>
                  {t('messages.failed.discard')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
