import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { fetchSsoButtons } from './sso-button';
import type { SsoButton } from './sso-button';

/** Single sign-on choices (`POST /api/oauth/sso-buttons`); nothing at all when there are none. */
export function SsoButtons() {
  const { t } = useTranslation();
  const [buttons, setButtons] = useState<SsoButton[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    void fetchSsoButtons(controller.signal).then((list) => {
      if (!controller.signal.aborted) setButtons(list);
    });
    return () => controller.abort();
  }, []);

  if (buttons.length === 0) return null;
  return (
    <section className="login__sso" aria-labelledby="sso-heading">
      <h2 id="sso-heading" className="login__sso-heading">
        {t('login.ssoHeading')}
      </h2>
      <ul className="login__sso-list">
        {buttons.map((button) => (
          <li key={button.uuid}>
            <Link className="button button--block" to="/sso/$id" params={{ id: button.uuid }}>
              {button.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
