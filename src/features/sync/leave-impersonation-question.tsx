import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../lib/replica/hooks';
import { useOnlineStatus } from '../../lib/use-online-status';
import { syncApi } from '../../lib/sync-client';
import { leaveFlow, type LeaveState } from './leave-impersonation-flow';
import { pushAndWait } from './sync-actions';

interface LeaveImpersonationQuestionProps {
  /** Whose changes these are (the impersonated user's name). */
  who: string;
  onLeave: () => void;
  onCancel: () => void;
}

/** Every change of this identity's outbox goes (discard: the user chose to lose them). */
async function discardAll(): Promise<void> {
  const rows = await syncApi().outbox.list();
  for (const row of [...rows].reverse()) await syncApi().outbox.discard(row.clientMutationId);
}

/**
 * Asked before leaving an impersonation while its changes wait: they were made as this user under
 * this chain and may only be sent under it. Send now, keep (they go out when this impersonation is
 * active again), discard, or cancel.
 */
export function LeaveImpersonationQuestion({ who, onLeave, onCancel }: LeaveImpersonationQuestionProps) {
  const { t } = useTranslation();
  const status = useSyncStatus();
  const online = useOnlineStatus() && status.online;
  const [state, dispatch] = useReducer(leaveFlow, { step: 'ask' } satisfies LeaveState as LeaveState);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const waiting = status.pending + status.failed + status.conflicts;
  const busy = state.step === 'sending' || state.step === 'discarding';

  useEffect(() => headingRef.current?.focus(), []);

  useEffect(() => {
    if (state.step === 'leave') onLeave();
    if (state.step === 'cancelled') onCancel();
    let live = true;
    if (state.step === 'sending') {
      void pushAndWait().then(({ drained, counts }) => {
        if (live) dispatch(drained ? { type: 'drained', counts } : { type: 'stalled', online: navigator.onLine });
      });
    }
    if (state.step === 'discarding') {
      void discardAll().then(
        () => live && dispatch({ type: 'discarded' }),
        () => live && dispatch({ type: 'discarded' }),
      );
    }
    return () => {
      live = false;
    };
  }, [state.step, onLeave, onCancel]);

  return (
    <section className="sign-out-question card" role="region" aria-labelledby="leave-question-title">
      <h2 id="leave-question-title" ref={headingRef} tabIndex={-1}>
        {t('sync.leave.title')}
      </h2>
      <p>{t('sync.leave.body', { count: waiting, who })}</p>
      <div aria-live="polite">
        {state.step === 'sending' ? <p>{t('sync.signOut.sending')}</p> : null}
        {state.step === 'offline' ? <p className="sign-out-question__warning">{t('sync.signOut.offline')}</p> : null}
        {state.step === 'not-all-sent' ? <p className="sign-out-question__warning">{t('sync.signOut.notAllSent')}</p> : null}
      </div>
      <div className="sign-out-question__actions">
        {status.pending > 0 ? (
          <button type="button" className="button button--primary" disabled={busy} onClick={() => dispatch({ type: 'sendNow', online })}>
            {t('sync.leave.sendNow')}
          </button>
        ) : null}
        <button type="button" className="button" disabled={busy} onClick={() => dispatch({ type: 'keep' })}>
          {t('sync.leave.keep')}
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={() => dispatch({ type: 'discard' })}>
          {t('sync.leave.discard')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => dispatch({ type: 'cancel' })}>
          {t('sync.signOut.cancel')}
        </button>
      </div>
    </section>
  );
}
