import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { RelatedRequestSchema, type RelatedRequest } from '../../domain/dashboards/inputs';
import { propertyOf } from '../../domain/dashboards/graph';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { NavLink } from '../../lib/ui/nav-link';
import { failureText } from '../../lib/ui/reason-text';
import { useOnlineStatus } from '../../lib/use-online-status';
import { fetchRelated, type RelatedAnswer } from './api';
import { bucketLabel, valueLabel } from './chart-data';
import './dashboards.css';

/** Parses the `q` search parameter of the related list (the figure's filters); null when it is not one. */
export function parseRelated(q: unknown): RelatedRequest | null {
  if (typeof q !== 'string') return null;
  try {
    const parsed = v.safeParse(RelatedRequestSchema, JSON.parse(q));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/**
 * /dashboards/lijst/$subject?q=…: the participants or work plans behind one figure, filtered exactly
 * as the figure (same SQL, same scope on the server), each linking to its page.
 */
export function RelatedList({ request }: { request: RelatedRequest | null }) {
  const { t, i18n } = useTranslation();
  const online = useOnlineStatus();
  useDocumentTitle(t('dashboards.related.title'));
  const key = JSON.stringify(request);
  const [result, setResult] = useState<{ key: string; answer: RelatedAnswer | null; error: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    if (!request || !online) return;
    fetchRelated(request)
      .then((a) => live && setResult({ key, answer: a, error: null }))
      .catch((e: unknown) => live && setResult({ key, answer: null, error: failureText(t, e) }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the request is compared by its JSON
  }, [key, online, t]);
  const answer = result?.key === key ? result.answer : null;
  const error = result?.key === key ? result.error : null;
  const label = (k: string | undefined): string => (k ? t(k as never) : '');

  const described = request
    ? [
        ...request.filters.map((f) => `${label(propertyOf(request.subject, f.property)?.label)} ${t(`dashboards.comparisons.${f.comparison}`)} ${valueLabel(t, i18n.language, request.subject, f.property, 'none', String(f.value), null)}`),
        ...(request.bucket ? [`${label(propertyOf(request.subject, request.bucket.property)?.label)}: ${bucketLabel(t, i18n.language, request.bucket.grouping, request.bucket.start)}`] : []),
        ...request.empty.map((p) => `${label(propertyOf(request.subject, p)?.label)}: ${t('dashboards.values.empty')}`),
      ].join('; ')
    : '';
  const isParticipant = request?.subject === 'participant';

  return (
    <section className="dash" aria-labelledby="dash-related-title">
      <header className="dash__header">
        <NavLink href="/dashboards" className="dash-back">{t('dashboards.page.back')}</NavLink>
        <h1 id="dash-related-title">{t('dashboards.related.title')}: {request ? t(`dashboards.subjects.${request.subject}`) : ''}</h1>
        {described ? <p className="dash-muted">{t('dashboards.related.filters', { filters: described })}</p> : null}
      </header>
      {!request ? <p role="alert" className="alert alert--error">{t('dashboards.errors.filterIncomplete')}</p> : null}
      {request && !online ? <p className="alert alert--info">{t('dashboards.related.offline')}</p> : null}
      {error ? <p role="alert" className="alert alert--error">{error}</p> : null}
      {request && online && !answer && !error ? <p role="status">{t('dashboards.page.loading')}</p> : null}
      {answer ? (
        <>
          <p data-testid="dash-related-total">
            {t('dashboards.related.total', { count: answer.total })}
            {answer.total > answer.rows.length ? ` ${t('dashboards.related.limited', { limit: answer.limit })}` : ''}
          </p>
          {answer.rows.length === 0 ? (
            <p>{t('dashboards.related.empty')}</p>
          ) : (
            <div className="dash-table-wrap">
              <table className="dash-table" data-testid="dash-related">
                <caption className="visually-hidden">{t('dashboards.related.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('dashboards.related.name')}</th>
                    <th scope="col">{t('dashboards.related.status')}</th>
                    <th scope="col">{isParticipant ? t('dashboards.related.detail') : t('dashboards.related.participant')}</th>
                  </tr>
                </thead>
                <tbody>
                  {answer.rows.map((r) => (
                    <tr key={r.id}>
                      <td>
                        <NavLink href={isParticipant ? `/participant/${r.id}` : `/work-plan/${r.id}`}>{r.name}</NavLink>
                      </td>
                      <td>{isParticipant ? r.status : valueLabel(t, i18n.language, 'work-plan', 'status', 'none', r.status, null)}</td>
                      <td>{r.detail ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}
