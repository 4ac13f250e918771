import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../lib/use-online-status';
import { FirstSyncProgress } from './first-sync-progress';
import { syncStatusView, type SyncTone } from './sync-status-view';
import { useNow } from './use-now';
import { useSyncViewStatus } from './use-sync-view-status';
import { useStatusText } from './use-status-text';
import { outboxActions } from './sync-actions';
import './sync.css';

/** The short words a phone shows for each state (the full line stays for screen readers). */
function shortKey(tone: SyncTone): 'offline' | 'pending' | 'problem' | 'syncing' | 'firstSync' | 'synced' | 'never' | 'blocked' | 'error' {
  return tone === 'first-sync' ? 'firstSync' : tone;
}

/** The plain explanation per state in the summary. */
function explainKey(tone: SyncTone): 'offline' | 'pending' | 'problem' | 'syncing' | 'synced' | 'never' | 'blocked' | 'error' {
  return tone === 'first-sync' ? 'never' : tone;
}

/**
 * The shell's sync status: online/offline, changes waiting to be sent, when the replica was last
 * brought up to date, and the first sync's progress. In words on every width (shorter on a phone:
 * "2 wijzigingen wachten"); it opens a plain summary of what the state means, with the technical page
 * (/wijzigingen) one step further. The line is announced politely to screen readers when it changes.
 */
export function SyncStatusIndicator() {
  const { t } = useTranslation();
  const status = useSyncViewStatus();
  const online = useOnlineStatus();
  const now = useNow();
  const view = syncStatusView(status, now, online);
  const text = useStatusText(view);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = `${useId()}-summary`;

  useEffect(() => {
    if (!open) return undefined;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  if (status.state === 'stopped' && status.session === null) return null;
  const firstSync = status.firstSync && !status.firstSync.done ? status.firstSync : null;
  const tone = view.tone;
  const short = t(`syncSummary.short.${tone === 'offline' && (view.count ?? 0) > 0 ? 'offlinePending' : shortKey(tone)}`, { count: view.count ?? 0 });
  return (
    <div
      ref={root}
      className={`sync-indicator sync-indicator--${view.tone}${status.state === 'syncing' ? ' sync-indicator--busy' : ''}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button ref={button} type="button" className="sync-indicator__link" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <span className="sync-indicator__dot" aria-hidden="true" />
        <span className="sync-indicator__text" aria-live="polite" aria-atomic="true">
          {text}
        </span>
        <span className="sync-indicator__short" aria-hidden="true">{short}</span>
        {view.badge > 0 ? (
          <span className="sync-indicator__badge" aria-hidden="true">
            {view.badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <div id={panelId} className="sync-summary" role="region" aria-label={t('syncSummary.title')} data-testid="sync-summary">
          <p className="sync-summary__line">{text}</p>
          <p>{t(`syncSummary.explain.${explainKey(tone)}`)}</p>
          <div className="sync-summary__actions">
            <Link to="/wijzigingen" className="button" onClick={() => setOpen(false)}>{t('syncSummary.details')}</Link>
            <button type="button" className="button" onClick={() => { setOpen(false); button.current?.focus(); }}>{t('syncSummary.close')}</button>
          </div>
        </div>
      ) : null}
      {view.retry ? (
        <button
          type="button"
          className="sync-indicator__retry"
          aria-label={t('syncPull.retryLabel')}
          title={t('syncPull.storageHint')}
          onClick={() => void outboxActions.resumeSync()}
        >
          {t('syncPull.retry')}
        </button>
      ) : null}
      {firstSync ? <FirstSyncProgress progress={firstSync} /> : null}
    </div>
  );
}
