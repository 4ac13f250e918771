import { useEffect, useRef, useState } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../auth-card';
import { authText } from '../auth-text';
import { continueAfterSignIn } from '../sign-in-flow';
import { refreshSession, sessionStore } from '../../../lib/session/session-store';
import { pendingSteps } from '../../../lib/api/auth-flow-state';
import { DevicePinForm } from '../device-unlock/device-pin-form';
import { devicePinWanted, hasOfflineVerifier } from '../device-unlock/device-unlock';
import { finishSso, forgetSsoFlow, pendingSsoFlow } from './sso-api';

type View = { kind: 'finishing' } | { kind: 'pin'; redirectUri: string | null; renew: boolean } | { kind: 'linked'; label: string } | { kind: 'error'; messageKey: string; link: boolean };

/** One grant per return: the provider's code is single-use, so a second render must not send it again. */
let inFlight: { payload: string; answer: ReturnType<typeof finishSso> } | null = null;

/**
 * `/oauth/authorization-code` (01 §2): the provider's return. Hands the answer to the SSO grant, then
 * continues as after a password sign-in (two-step when owed, then where the user was going); a link flow
 * says the account is linked. The code is taken out of the address bar at once.
 */
export function SsoReturnPage() {
  const { t } = useTranslation();
  const router = useRouter();
  // Nothing to finish (opened directly, or the tab forgot where it went): say so at once.
  const [view, setView] = useState<View>(() =>
    (!pendingSsoFlow() || !window.location.search) && !inFlight ? { kind: 'error', messageKey: 'auth.sso.missingParams', link: false } : { kind: 'finishing' },
  );
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const payload = window.location.search.replace(/^\?/, '');
    const flow = pendingSsoFlow();
    if (payload) window.history.replaceState(window.history.state, '', window.location.pathname);
    if ((!flow || !payload) && !inFlight) return;
    const pending = inFlight && (!payload || inFlight.payload === payload) ? inFlight : { payload, answer: finishSso(flow?.uuid ?? '', payload) };
    inFlight = pending;
    void pending.answer.then(async (answer) => {
      forgetSsoFlow();
      if (!answer.ok) {
        setView({ kind: 'error', link: flow?.link === true, messageKey: answer.network ? 'auth.sso.offline' : (answer.messageKey ?? 'auth.sso.providerRefused') });
        return;
      }
      if (answer.value === 'linked') {
        setView({ kind: 'linked', label: flow?.label ?? '' });
        return;
      }
      // Fully signed in (no two-step owed) and this device cannot open offline for the user: offer the device PIN
      // (SSO users have no password the offline unlock could check; docs/decisions-sso.md).
      if (pendingSteps().length === 0) {
        await refreshSession();
        const user = sessionStore.status === 'signed-in' && sessionStore.identityChain.length === 0 ? sessionStore.user : null;
        // Also when the device keeps only an older, shorter PIN (issue 36): it no longer opens offline.
        if (user && devicePinWanted(user.id)) {
          setView({ kind: 'pin', redirectUri: flow?.redirectUri ?? null, renew: hasOfflineVerifier(user.id) });
          return;
        }
      }
      await continueAfterSignIn((href) => router.navigate({ href, replace: true }), flow?.redirectUri ?? null);
    });
  }, [router]);

  if (view.kind === 'pin') {
    const redirectUri = view.redirectUri;
    return <DevicePinForm renew={view.renew} onDone={() => continueAfterSignIn((href) => router.navigate({ href, replace: true }), redirectUri)} />;
  }
  if (view.kind === 'linked') {
    return (
      <AuthCard title={t('auth.sso.linkTitle')} backToLogin={false}>
        <p className="alert alert--success" role="status">
          {view.label ? t('auth.sso.linked', { label: view.label }) : t('auth.sso.linkedShort')}
        </p>
        <Link to="/" className="button button--primary button--block">
          {t('auth.sso.backHome')}
        </Link>
      </AuthCard>
    );
  }
  if (view.kind === 'error') {
    return (
      <AuthCard title={view.link ? t('auth.sso.linkFailedTitle') : t('auth.sso.failedTitle')} backToLogin={!view.link}>
        <p className="alert alert--error" role="alert" data-testid="sso-refusal">
          {authText(t, view.messageKey)}
        </p>
        {view.link ? (
          <Link to="/" className="button button--block">
            {t('auth.sso.backHome')}
          </Link>
        ) : null}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.sso.startTitle')} backToLogin={false}>
      <p role="status" aria-live="polite">
        {t('auth.sso.finishing')}
      </p>
    </AuthCard>
  );
}
