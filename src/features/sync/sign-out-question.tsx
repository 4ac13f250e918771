import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../lib/replica/hooks';
import { useOnlineStatus } from '../../lib/use-online-status';
import { signOutFlow, type SignOutState } from './sign-out-flow';
import { pushAndWait } from './sync-actions';

interface SignOutQuestionProps {
  /** Sign out now (everything sent, or discarded). */
  onSignOut: () => void;
  onCancel: () => void;
}

/**
 * Asked before signing out while changes wait (ARCHITECTURE.md): send now, discard, or cancel.
 * After sign-out the replica of this user is deleted, so discarding loses what was not sent.
 */
export function SignOutQuestion({ onSignOut, onCancel }: SignOutQuestionProps) {
  const { t } = useTranslation();
  const status = useSyncStatus();
  const online = useOnlineStatus() && status.online;
  const [state, dispatch] = useReducer(signOutFlow, { step: 'ask' } satisfies SignOutState as SignOutState);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const problems = status.failed + status.conflicts;

  useEffect(() => headingRef.current?.focus(), []);

  useEffect(() => {
    if (state.step === 'sign-out') onSignOut();
    if (state.step === 'cancelled') onCancel();
    if (state.step !== 'sending') return;
    let live = true;
    void pushAndWait().then(({ drained, counts }) => {
      if (!live) return;
      dispatch(drained ? { type: 'drained', counts } : { type: 'stalled', online: navigator.onLine });
    });
    return () => {
      live = false;
    };
  }, [state.step, onSignOut, onCancel]);

  return (
    <section className="sign-out-question card" role="region" aria-labelledby="sign-out-question-title">
      <h2 id="sign-out-question-title" ref={headingRef} tabIndex={-1}>
        {t('sync.signOut.title')}
      </h2>
      {status.pending > 0 ? <p>{t('sync.signOut.body', { count: status.pending })}</p> : null}
      {problems > 0 ? <p>{t('sync.signOut.problems', { count: problems })}</p> : null}
      <div aria-live="polite">
        {state.step === 'sending' ? <p>{t('sync.signOut.sending')}</p> : null}
        {state.step === 'offline' ? <p className="sign-out-question__warning">{t('sync.signOut.offline')}</p> : null}
        {state.step === 'not-all-sent' ? <p className="sign-out-question__warning">{t('sync.signOut.notAllSent')}</p> : null}
      </div>
      <div className="sign-out-question__actions">
        {status.pending > 0 ? (
          <button
            type="button"
            className="button button--primary"
            disabled={state.step === 'sending'}
            onClick={() => dispatch({ type: 'sendNow', online })}
          >
            {t('sync.signOut.sendNow')}
          </button>
        ) : null}
        <button type="button" className="button button--danger" disabled={state.step === 'sending'} onClick={() => dispatch({ type: 'discard' })}>
          {t('sync.signOut.discard')}
        </button>
        <button type="button" className="button" onClick={() => dispatch({ type: 'cancel' })}>
          {t('sync.signOut.cancel')}
        </button>
      </div>
    </section>
  );
}
