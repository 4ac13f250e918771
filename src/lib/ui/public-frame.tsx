import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';

interface PublicFrameProps {
  children: ReactNode;
  /** Wider content area for pages with more than a card. */
  wide?: boolean;
}

/** Frame of pages outside the signed-in shell: sign-in, error and static pages. */
export function PublicFrame({ children, wide = false }: PublicFrameProps) {
  const { t } = useTranslation();
  return (
    <div className="public-frame">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="public-frame__header">
        <Logo />
        <LanguageSwitcher />
      </header>
      <main id="main" tabIndex={-1} className={wide ? 'public-frame__main public-frame__main--wide' : 'public-frame__main'}>
        {children}
      </main>
    </div>
  );
}
