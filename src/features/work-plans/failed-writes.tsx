import { useTranslation } from 'react-i18next';
import { reportError } from '../../lib/error-reporting';
import { discardWrite, retryWrite } from './actions';
import { useFailedWrites } from './hooks';
import { tx } from './text';

const AREA = 'workPlans.';

/** Refused work-plan changes: the server's reason, what was typed (to copy), retry or discard. */
export function FailedWrites() {
  const { t } = useTranslation();
  const rows = useFailedWrites(AREA);
  if (!rows || rows.length === 0) return null;
  return (
    <div className="alert alert--error" role="alert">
      <p>{t('workPlans.failed.title', { count: rows.length })}</p>
      <ul>
        {rows.map((row) => {
          const input = row.args;
          const kept = [input.top, input.tip].filter((x): x is string => typeof x === 'string' && x.length > 0);
          const scores = Array.isArray(input.scores) ? (input.scores as { score: number }[]).map((s) => s.score).join(', ') : '';
          return (
            <li key={row.clientMutationId} data-testid="failed-write">
              <strong>{tx(t, `workPlans.ops.${row.op.slice(AREA.length)}`)}</strong>: {tx(t, row.error ?? 'workPlans.errors.unknown')}
              {(scores || kept.length > 0) && (
                <p className="wp-kept">{t('workPlans.failed.kept')}: {[scores && `${t('workPlans.review.scores')}: ${scores}`, ...kept].filter(Boolean).join(' · ')}</p>
              )}
              <button type="button" className="button" onClick={() => void retryWrite(row.clientMutationId).catch(reportError)}>{t('workPlans.failed.retry')}</button>
              <button type="button" className="button" onClick={() => void discardWrite(row.clientMutationId).catch(reportError)}>{t('workPlans.failed.discard')}</button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
