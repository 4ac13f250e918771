import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { useOutboxRows } from '../../lib/replica/hooks';
import type { CollectionName } from '../../domain/sync/collections';

/**
 * Changes of these documents the server refused or that conflict with a change made elsewhere: the
 * reason in words, with the way to the pending-changes page where a conflict is resolved field by field.
 */
export function OutboxIssues({ collections, target }: { collections: CollectionName[]; target?: string }) {
  const { t } = useTranslation();
  const rows = useOutboxRows();
  const mine = (rows ?? []).filter((r) => r.collection !== null && collections.includes(r.collection) && (!target || r.target === target)
    && (r.status === 'failed' || r.status === 'conflict'));
  const pending = (rows ?? []).filter((r) => r.collection !== null && collections.includes(r.collection) && (!target || r.target === target)
    && (r.status === 'pending' || r.status === 'sending')).length;
  if (mine.length === 0 && pending === 0) return null;
  return (
    <div className="wv-outbox" data-testid="outbox-issues">
      {pending > 0 ? <p className="wv-field__hint" role="status" data-testid="pending-count">{t('wageValue.outbox.pending', { count: pending })}</p> : null}
      {mine.map((r) => (
        <p key={r.clientMutationId} className="alert alert--error" role="alert" data-testid={r.status === 'conflict' ? 'outbox-conflict' : 'outbox-failed'}>
          {r.status === 'conflict'
            ? t('wageValue.outbox.conflict', { fields: (r.conflictFields ?? []).map((f) => t(`wageValue.outbox.fields.${f}` as 'wageValue.outbox.fields.summary', { defaultValue: f })).join(', ') })
            : t((r.error?.startsWith('wageValue.') ? r.error : 'wageValue.outbox.refused') as 'wageValue.outbox.refused', { defaultValue: r.error ?? '' })}{' '}
          <Link to="/wijzigingen">{t('wageValue.outbox.resolve')}</Link>
        </p>
      ))}
    </div>
  );
}
