import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import type { ParticipantListRow } from './participant-row';
import { PAGE_SIZE } from './queries';
import { useNetworkParticipants } from './use-network-participants';
import { useReplicaParticipants, type ParticipantsResult } from './use-replica-participants';
import './participants.css';

export { PAGE_SIZE };

interface ParticipantsPageProps {
  /** Where the list comes from: the replica (always, for people) or the server (comparison only). */
  source: 'replica' | 'network';
}

/** Participants search (01 §2): find by surname; name, status and coach; more rows on request. */
export function ParticipantsPage({ source }: ParticipantsPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.participants'));
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const searchId = useId();
  return (
    <div className="participants-page">
      <h1>{t('screens.participants')}</h1>
      <div className="participants-page__search field">
        <label htmlFor={searchId}>{t('participants.search')}</label>
        <input
          id={searchId}
          type="search"
          className="input"
          autoComplete="off"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setLimit(PAGE_SIZE);
          }}
        />
      </div>
      {source === 'network' ? (
        <NetworkList search={deferred} limit={limit} onMore={() => setLimit((n) => n + PAGE_SIZE)} />
      ) : (
        <ReplicaList search={deferred} limit={limit} onMore={() => setLimit((n) => n + PAGE_SIZE)} />
      )}
    </div>
  );
}

interface ListProps {
  search: string;
  limit: number;
  onMore: () => void;
}

function ReplicaList({ search, limit, onMore }: ListProps) {
  return <ParticipantsTable result={useReplicaParticipants(search, limit)} onMore={onMore} />;
}

function NetworkList({ search, limit, onMore }: ListProps) {
  const { t } = useTranslation();
  const result = useNetworkParticipants(search, limit);
  if (result === 'error') return <p role="alert">{t('participants.networkError')}</p>;
  return <ParticipantsTable result={result} onMore={onMore} />;
}

function ParticipantsTable({ result, onMore }: { result: ParticipantsResult | undefined; onMore: () => void }) {
  const { t } = useTranslation();
  if (!result) return <p aria-live="polite">{t('participants.loading')}</p>;
  const { rows, total } = result;
  return (
    <>
      <p className="participants-page__count" aria-live="polite" data-testid="participants-count" data-total={total}>
        {t('participants.count', { count: total })}
        {rows.length < total ? ` · ${t('participants.shown', { shown: rows.length, total })}` : ''}
      </p>
      {rows.length === 0 ? (
        <p>{t('participants.empty')}</p>
      ) : (
        <table className="participants-table" data-testid="participants-table" data-rows={rows.length}>
          <thead>
            <tr>
              <th scope="col">{t('participants.name')}</th>
              <th scope="col">{t('participants.status')}</th>
              <th scope="col">{t('participants.coach')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Row key={row.uuid} row={row} />
            ))}
          </tbody>
        </table>
      )}
      {rows.length < total ? (
        <button type="button" className="button participants-page__more" onClick={onMore}>
          {t('participants.more')}
        </button>
      ) : null}
    </>
  );
}

function Row({ row }: { row: ParticipantListRow }) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row">
        {row.name}
        {row.hidden ? <span className="participants-table__hidden">{t('participants.hidden')}</span> : null}
      </th>
      <td>{row.statusName ? t(`participants.statusName.${row.statusName}`) : ''}</td>
      <td>{row.coachName ?? t('participants.noCoach')}</td>
    </tr>
  );
}
