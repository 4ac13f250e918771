import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { installInvitationKind, isIosUserAgent } from './install-invitation-kind';
import { dismissInstall, installStore, isStandalone, promptInstall } from './install-prompt';
import './pwa.css';

/** Invites installing the app (Safari keeps an installed app's data; it opens faster offline). */
export function InstallInvitation() {
  const { t } = useTranslation();
  const store = useSnapshot(installStore);
  const kind = installInvitationKind({
    standalone: store.installed || isStandalone(),
    canPrompt: store.event !== null,
    ios: isIosUserAgent(navigator.userAgent, navigator.maxTouchPoints),
    dismissed: store.dismissed,
  });
  if (!kind) return null;
  return (
    <section className="install-invitation card" aria-labelledby="install-invitation-title">
      <h2 id="install-invitation-title">{t('pwa.install.title')}</h2>
      <p>{t('pwa.install.body')}</p>
      {kind === 'ios' ? <p className="install-invitation__hint">{t('pwa.install.iosHint')}</p> : null}
      <div className="install-invitation__actions">
        {kind === 'prompt' ? (
          <button type="button" className="button button--primary" onClick={() => void promptInstall()}>
            {t('pwa.install.button')}
          </button>
        ) : null}
        <button type="button" className="button" onClick={dismissInstall}>
          {t('pwa.install.dismiss')}
        </button>
      </div>
    </section>
  );
}
