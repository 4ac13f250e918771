import './webauthn.css';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { sessionStore } from '../../../lib/session/session-store';
import { enrolAuthenticatorUnlock, enrolStatus, switchOffAuthenticatorUnlock, type EnrolResult, type EnrolStatus } from './authenticator-unlock';

type Notice = { kind: 'on' } | { kind: 'off' } | { kind: 'refused'; reason: Extract<EnrolResult, { ok: false }>['reason'] } | null;

const REFUSAL = {
  cancelled: 'auth.authenticatorUnlock.cancelled',
  'no-prf': 'auth.authenticatorUnlock.noPrf',
  failed: 'auth.authenticatorUnlock.failed',
  'not-here': 'auth.authenticatorUnlock.notHere',
} as const satisfies Record<Extract<EnrolResult, { ok: false }>['reason'], string>;

/**
 * The switch "Ontgrendelen met dit apparaat (vingerafdruk, gezicht of pincode van het apparaat)" (issue 36): on,
 * the device's platform authenticator makes a credential with the PRF extension and the user's data key is wrapped
 * by it, so offline unlock needs no password; off, that wrap is deleted. Only in the user's own full session with
 * the data key held; where the device has no platform authenticator it says so and offers no switch. `heading`:
 * its own h2 (off where the page's title already names it).
 */
export function AuthenticatorUnlockSetting({ heading = true }: { heading?: boolean }) {
  const { t } = useTranslation();
  const session = useSnapshot(sessionStore);
  const [status, setStatus] = useState<EnrolStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const headingId = useId();
  const helpId = useId();
  const userId = session.user?.id ?? null;

  useEffect(() => {
    let live = true;
    void enrolStatus(sessionStore).then((next) => {
      if (live) setStatus(next);
    });
    return () => {
      live = false;
    };
  }, [userId, session.status, session.unlockedOffline, session.identityChain.length]);

  const toggle = async (on: boolean) => {
    setBusy(true);
    setNotice(null);
    if (on) {
      const result = await enrolAuthenticatorUnlock(t('app.name'), sessionStore).catch((): EnrolResult => ({ ok: false, reason: 'failed' }));
      setNotice(result.ok ? { kind: 'on' } : { kind: 'refused', reason: result.reason });
    } else {
      switchOffAuthenticatorUnlock(sessionStore);
      setNotice({ kind: 'off' });
    }
    setStatus(await enrolStatus(sessionStore));
    setBusy(false);
  };

  return (
    <section className="authenticator-setting" aria-labelledby={heading ? headingId : undefined} data-testid="authenticator-setting">
      {heading ? <h2 id={headingId}>{t('auth.authenticatorUnlock.title')}</h2> : null}
      <p id={helpId}>{t('auth.authenticatorUnlock.explain')}</p>
      <div aria-live="polite">
        {busy ? <p className="authenticator-unlock__busy">{t('auth.authenticatorUnlock.working')}</p> : null}
        {notice?.kind === 'on' || notice?.kind === 'off' ? (
          <p className="alert alert--success" role="status">
            {t(notice.kind === 'on' ? 'auth.authenticatorUnlock.switchedOn' : 'auth.authenticatorUnlock.switchedOff')}
          </p>
        ) : null}
        {notice?.kind === 'refused' ? (
          <p className="alert alert--error" role="alert">
            {t(REFUSAL[notice.reason])}
          </p>
        ) : null}
      </div>
      {status === 'unavailable' ? <p data-testid="authenticator-unavailable">{t('auth.authenticatorUnlock.unavailable')}</p> : null}
      {status === 'not-here' ? <p>{t('auth.authenticatorUnlock.notHere')}</p> : null}
      {status === 'on' || status === 'off' ? (
        <label className="authenticator-setting__switch">
          <input type="checkbox" role="switch" checked={status === 'on'} disabled={busy} aria-describedby={helpId} onChange={(event) => void toggle(event.target.checked)} />
          {t('auth.authenticatorUnlock.switch')}
        </label>
      ) : null}
    </section>
  );
}
