import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { maskBsn } from '../../domain/participants/participant-input';
import { listName, statusNameOf } from './participant-row';
import { participantById, participantCounts } from './queries';
import { logParticipantRead, revealBsn } from './api';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import './participants.css';

const TABS = ['details', 'workPlans', 'messages', 'developmentProfile', 'documents', 'measurements'] as const;
type Tab = (typeof TABS)[number];

/** Where each tab's full screen lives (other issues build them); the development profile is shown in its tab. */
const TAB_LINKS: Record<Exclude<Tab, 'details' | 'developmentProfile'>, string> = {
  workPlans: '/work-plan',
  messages: '/berichten',
  documents: '/document',
  measurements: '/wage-value/measurement/search',
};

const str = (x: unknown) => (typeof x === 'string' ? x : '');

/**
 * The participant page: tabs for details, work plans, messages, development profile, documents, measurements.
 * `developmentProfile`: the profile tab's content, given by the route (the work-plans area's profile of this
 * participant; features do not import each other).
 */
export function ParticipantPage({ participantId, developmentProfile }: { participantId: number; developmentProfile?: ReactNode }) {
  const { t } = useTranslation();
  const p = useReplicaQuery((r) => participantById(r, participantId), [participantId]);
  const counts = useReplicaQuery((r) => participantCounts(r, participantId), [participantId]);
  const name = p ? listName(p) : '';
  const [tab, setTab] = useState<Tab>('details');
  // The profile tab sets its own title; the page's (set after its children's) names the participant too.
  useDocumentTitle(tab === 'developmentProfile' && name ? `${t('admin.participants.tabs.developmentProfile')}: ${name}` : name || t('admin.participants.title'));
  const [bsn, setBsn] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const uuid = p ? str(p.uuid) : '';
  useEffect(() => {
    // Every opening of the file is an audit entry; queueing can only fail without a running sync worker
    // (signed out meanwhile), when there is no one left to log.
    if (uuid) logParticipantRead(uuid).catch(() => undefined);
  }, [uuid]);

  if (p === undefined) return <p aria-live="polite">{t('admin.common.loading')}</p>;
  if (p === null) return <p role="alert">{t('admin.participants.notFound')}</p>;

  const reveal = async () => {
    setMessage(null);
    try {
      const res = await revealBsn(participantId);
      if (res.success) setBsn(res.bsn);
      else setMessage(reasonText(t, res.reason));
    } catch (error) {
      setMessage(failureText(t, error));
    }
  };

  const status = statusNameOf(p.statusId);
  const address = [str(p.street), [str(p.houseNumber), str(p.houseNumberAddition)].filter(Boolean).join(' ')].filter(Boolean).join(' ');
  const rows: [string, string][] = [
    [t('admin.participants.field.email'), str(p.email)],
    [t('admin.participants.field.phone'), str(p.phone)],
    [t('admin.participants.field.birthdate'), str(p.birthdate)],
    [t('admin.participants.field.street'), address],
    [t('admin.participants.field.zipcode'), [str(p.zipcode), str(p.city)].filter(Boolean).join(' ')],
    [t('admin.participants.field.municipality'), str(p.municipality)],
    [t('admin.participants.field.status'), status ? t(`participants.statusName.${status}`) : ''],
  ];
  return (
    <div className="admin-page">
      <div className="participants-page__head">
        <h1>{name}</h1>
        <Link to="/participant/$id/edit" params={{ id: String(participantId) }} className="button">{t('admin.common.edit')}</Link>
      </div>
      <div role="tablist" className="admin-tabs" aria-label={t('admin.participants.tabs.label')}>
        {TABS.map((key) => (
          <button key={key} type="button" role="tab" id={`ptab-${key}`} aria-controls={`ppanel-${key}`} aria-selected={tab === key} className={tab === key ? 'admin-tab admin-tab--active' : 'admin-tab'} onClick={() => setTab(key)}>
            {t(`admin.participants.tabs.${key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`ppanel-${tab}`} aria-labelledby={`ptab-${tab}`}>
        {tab === 'details' ? (
          <>
            <dl className="admin-dl">
              <dt>{p.identification ? t('admin.participants.identification') : t('admin.participants.bsn')}</dt>
              <dd>
                <span data-testid="participant-bsn">{p.identification ? str(p.identification) : (bsn ?? maskBsn(str(p.bsn)) ?? t('admin.common.none'))}</span>{' '}
                {!p.identification && p.bsn && bsn === null ? (
                  <button type="button" className="button button--small" onClick={() => void reveal()} aria-describedby="bsn-note">{t('admin.participants.reveal')}</button>
                ) : null}
                <span id="bsn-note" className="admin-muted"> {t('admin.participants.revealNote')}</span>
              </dd>
              {rows.map(([label, value]) => (
                <div key={label} style={{ display: 'contents' }}>
                  <dt>{label}</dt>
                  <dd>{value || t('admin.common.none')}</dd>
                </div>
              ))}
            </dl>
            {message ? <p role="alert" className="alert alert--error">{message}</p> : null}
            <p><Link to="/invitations/participant/$participantId" params={{ participantId: String(participantId) }}>{t('admin.participants.invitations')}</Link></p>
          </>
        ) : tab === 'developmentProfile' ? (
          // The participant's own profile from the replica (offline too), as on /participant-portal/development-profile.
          developmentProfile
        ) : (
          <>
            {counts ? <p>{t('admin.participants.tabCount', { count: counts[tab] })}</p> : null}
            <p><a href={TAB_LINKS[tab]}>{t('admin.participants.tabOpen', { section: t(`admin.participants.tabs.${tab}`) })}</a></p>
          </>
        )}
      </div>
    </div>
  );
}
