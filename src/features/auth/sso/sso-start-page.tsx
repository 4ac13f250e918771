import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../auth-card';
import { authText } from '../auth-text';
import { ensureSession } from '../../../lib/session/session-store';
import { adapterLabel, rememberSsoFlow, startSso } from './sso-api';

type View =
  | { kind: 'loading' }
  | { kind: 'link'; label: string }
  | { kind: 'redirecting'; label: string }
  | { kind: 'error'; messageKey: string; label: string | null; link: boolean };

/**
 * `/sso/:id` (01 §2): signed out, it starts the sign-in at the adapter's provider at once; signed in (as
 * oneself), it offers to link the account to the provider, which is how a subject is first linked.
 */
export function SsoStartPage({ id, redirectUri }: { id: string; redirectUri: string | null }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const started = useRef(false);

  const begin = useCallback(
    async (label: string, link: boolean) => {
      setView({ kind: 'redirecting', label });
      rememberSsoFlow({ uuid: id, label, link, redirectUri });
      const answer = await startSso(id, link);
      if (answer.ok) {
        window.location.assign(answer.value);
        return;
      }
      setView({ kind: 'error', label, link, messageKey: answer.network ? 'auth.sso.offline' : (answer.messageKey ?? 'auth.sso.providerUnreachable') });
    },
    [id, redirectUri],
  );

  const load = useCallback(async () => {
    setView({ kind: 'loading' });
    if (globalThis.navigator?.onLine === false) {
      setView({ kind: 'error', label: null, link: false, messageKey: 'auth.sso.offline' });
      return;
    }
    const [session, label] = await Promise.all([ensureSession(), adapterLabel(id)]);
    if (label === null) {
      setView({ kind: 'error', label: null, link: false, messageKey: 'auth.sso.adapterUnknown' });
      return;
    }
    const signedInAsSelf = session.status === 'signed-in' && session.identityChain.length === 0 && !session.unlockedOffline;
    if (signedInAsSelf) setView({ kind: 'link', label });
    else await begin(label, false);
  }, [begin, id]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void load();
  }, [load]);

  if (view.kind === 'link') {
    return (
      <AuthCard title={t('auth.sso.linkTitle')} intro={<p>{t('auth.sso.linkIntro', { label: view.label })}</p>} backToLogin={false}>
        <button type="button" className="button button--primary button--block" onClick={() => void begin(view.label, true)}>
          {t('auth.sso.linkButton', { label: view.label })}
        </button>
      </AuthCard>
    );
  }
  if (view.kind === 'error') {
    return (
      <AuthCard title={view.link ? t('auth.sso.linkFailedTitle') : t('auth.sso.failedTitle')}>
        <p className="alert alert--error" role="alert">
          {authText(t, view.messageKey)}
        </p>
        {view.label !== null ? (
          <button type="button" className="button button--block" onClick={() => void load()}>
            {t('auth.sso.tryAgain')}
          </button>
        ) : null}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.sso.startTitle')} backToLogin={false}>
      <p role="status" aria-live="polite">
        {view.kind === 'redirecting' ? t('auth.sso.redirecting', { label: view.label }) : t('auth.sso.preparing')}
      </p>
    </AuthCard>
  );
}
