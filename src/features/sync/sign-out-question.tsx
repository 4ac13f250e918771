import { useEffect, useReducer, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../../lib/session/session-store';
import { useOutboxRows, useSyncStatus } from '../../lib/replica/hooks';
import { useOnlineStatus } from '../../lib/use-online-status';
import { formatDate, formatTime } from '../../lib/format';
import { opLabel } from './op-label';
import { countUnsent, discardListed, signOutFlow, unsentTotal, type SignOutChoice, type SignOutState } from './sign-out-flow';
import { outboxActions, pushAndWait } from './sync-actions';
import { downloadFile, statusText, unsentFileContent, unsentFileName } from './unsent-file';

interface SignOutQuestionProps {
  /** Sign out now: everything sent (choice null), or the user chose to keep or discard what is left. */
  onSignOut: (choice: SignOutChoice | null) => void;
  onCancel: () => void;
}

const STATUSES = ['pending', 'sending', 'failed', 'conflict'] as const;

/**
 * Asked before signing out while anything is unsent (docs/decisions-auth-client.md, "Session end keeps
 * unsent work"): lists every unsent row of the outbox (pending, sending, failed, conflict) and offers
 * send now (online), keep them for later, save them as a file, discard, or cancel.
 */
export function SignOutQuestion({ onSignOut, onCancel }: SignOutQuestionProps) {
  const { t, i18n } = useTranslation();
  const status = useSyncStatus();
  const session = useSnapshot(sessionStore);
  const rows = useOutboxRows();
  const online = useOnlineStatus() && status.online;
  const [state, dispatch] = useReducer(signOutFlow, { step: 'ask' } satisfies SignOutState as SignOutState);
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  /** The client mutation ids of the rows listed when the user chose to discard: exactly these go (issue 37). */
  const listed = useRef<string[]>([]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const counts = countUnsent(rows ?? []);
  const sendable = counts.pending + counts.sending;

  useEffect(() => headingRef.current?.focus(), []);

  useEffect(() => {
    if (state.step === 'sign-out') onSignOut(state.choice);
    if (state.step === 'cancelled') onCancel();
    if (state.step === 'discarding') {
      void discardListed(listed.current, {
        discard: outboxActions.discard,
        unsent: async () => (await outboxActions.list()).map((r) => r.clientMutationId),
      }).then(
        (left) => dispatch({ type: 'discarded', sending: left.sending.length, unlisted: left.unlisted.length }),
        () => {
          setFailed(true);
          dispatch({ type: 'discardFailed' });
        },
      );
      return;
    }
    if (state.step !== 'sending') return;
    let live = true;
    void pushAndWait().then(({ drained, counts: left }) => {
      if (!live) return;
      dispatch(drained ? { type: 'drained', counts: left } : { type: 'stalled', online: navigator.onLine });
    });
    return () => {
      live = false;
    };
  }, [state, onSignOut, onCancel]);

  const saveFile = () => {
    const user = session.user;
    if (!rows || !user) return;
    const now = Date.now();
    const name = unsentFileName(user.username, now);
    downloadFile(name, unsentFileContent(t, rows, { username: user.username, name: `${user.givenName} ${user.surname}`.trim() }, now));
    setSavedAs(name);
  };

  const sending = state.step === 'sending' || state.step === 'discarding';
  const discard = () => {
    listed.current = (rows ?? []).map((r) => r.clientMutationId);
    setFailed(false);
    dispatch({ type: 'discard' });
  };
  const total = unsentTotal(counts);

  return (
    <section className="sign-out-question card" role="region" aria-labelledby="sign-out-question-title">
      <h2 id="sign-out-question-title" ref={headingRef} tabIndex={-1}>
        {t('sync.signOut.title')}
      </h2>
      {rows === undefined ? <p>{t('sync.page.loading')}</p> : null}
      {rows !== undefined && total === 0 ? <p>{t('sync.signOut.nothingUnsent')}</p> : null}
      {total > 0 ? (
        <>
          <p>{t('sync.signOut.intro', { count: total })}</p>
          <ul className="sign-out-question__counts">
            {STATUSES.filter((s) => counts[s] > 0).map((s) => (
              <li key={s}>
                {statusText(t, s)}: <strong>{counts[s]}</strong>
              </li>
            ))}
          </ul>
          <h3 id="sign-out-question-list">{t('sync.signOut.listHeading', { count: total })}</h3>
          <ul className="sign-out-question__rows" aria-labelledby="sign-out-question-list" tabIndex={0}>
            {(rows ?? []).map((row) => (
              <li key={row.clientMutationId} className={`sign-out-question__row sign-out-question__row--${row.status}`}>
                <span className="sign-out-question__label">{opLabel(t, row.op)}</span>
                <span className="sign-out-question__status">{statusText(t, row.status)}</span>
                <span className="sign-out-question__time">
                  {t('sync.row.createdAt', { date: formatDate(row.createdAt, i18n.language), time: formatTime(row.createdAt, i18n.language) })}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div aria-live="polite">
        {state.step === 'sending' ? <p>{t('sync.signOut.sending')}</p> : null}
        {state.step === 'offline' ? <p className="sign-out-question__warning">{t('sync.signOut.offline')}</p> : null}
        {state.step === 'not-all-sent' ? <p className="sign-out-question__warning">{t('sync.signOut.notAllSent')}</p> : null}
        {savedAs ? <p className="sign-out-question__saved">{t('sync.signOut.saved', { name: savedAs })}</p> : null}
        {state.step === 'left-after-discard' && state.unlisted > 0 ? (
          <p className="sign-out-question__warning">{t('sync.signOut.unlistedKept', { count: state.unlisted })}</p>
        ) : null}
        {state.step === 'left-after-discard' && state.sending > 0 ? (
          <p className="sign-out-question__warning">{t('sync.signOut.sendingKept', { count: state.sending })}</p>
        ) : null}
        {failed ? <p className="sign-out-question__warning">{t('sync.row.actionFailed')}</p> : null}
      </div>
      <div className="sign-out-question__choices">
        {sendable > 0 ? (
          <div className="sign-out-question__choice">
            <button type="button" className="button button--primary" disabled={sending} onClick={() => dispatch({ type: 'sendNow', online })}>
              {t('sync.signOut.sendNow')}
            </button>
          </div>
        ) : null}
        {total > 0 ? (
          <>
            <div className="sign-out-question__choice">
              <button type="button" className="button" disabled={sending} onClick={() => dispatch({ type: 'keep' })} aria-describedby="sign-out-keep-help">
                {t('sync.signOut.keep')}
              </button>
              <p id="sign-out-keep-help" className="sign-out-question__help">
                {t('sync.signOut.keepHelp')}
              </p>
            </div>
            <div className="sign-out-question__choice">
              <button type="button" className="button" disabled={sending || rows === undefined} onClick={saveFile} aria-describedby="sign-out-file-help">
                {t('sync.signOut.saveFile')}
              </button>
              <p id="sign-out-file-help" className="sign-out-question__help">
                {t('sync.signOut.saveFileHelp')}
              </p>
            </div>
          </>
        ) : null}
        <div className="sign-out-question__choice">
          <button
            type="button"
            className="button button--danger"
            disabled={sending || rows === undefined}
            onClick={discard}
            aria-describedby={total > 0 ? 'sign-out-discard-help' : undefined}
          >
            {total > 0 ? t('sync.signOut.discard') : t('sync.signOut.signOut')}
          </button>
          {total > 0 ? (
            <p id="sign-out-discard-help" className="sign-out-question__help">
              {t('sync.signOut.discardHelp')}
            </p>
          ) : null}
        </div>
        <div className="sign-out-question__choice">
          <button type="button" className="button" onClick={() => dispatch({ type: 'cancel' })}>
            {t('sync.signOut.cancel')}
          </button>
        </div>
      </div>
    </section>
  );
}
