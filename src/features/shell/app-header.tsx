import { memo, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../lib/ui/language-switcher';
import { Logo } from '../../lib/ui/logo';
import { UserMenu } from './user-menu';
import type { SettingsLink, ShellUser } from './user-menu';

interface AppHeaderProps {
  user: ShellUser;
  companyName: string | null;
  logoUri: string | null;
  impersonating: boolean;
  onOpenMenu: () => void;
  menuButtonExpanded: boolean;
  drawerId: string;
  /** Shown first among the tools: the sync status (composed by the app, features stay apart). */
  status?: ReactNode;
  /** The user's own settings, in the user menu. */
  settings?: SettingsLink | null | undefined;
}

/** The banner: menu button (phones), logo and company name, language and user menu. Memoised (see MainMenu). */
export const AppHeader = memo(function AppHeader({ user, companyName, logoUri, impersonating, onOpenMenu, menuButtonExpanded, drawerId, status, settings }: AppHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      <button
        type="button"
        className="app-header__menu-button"
        aria-label={t('shell.openMenu')}
        aria-expanded={menuButtonExpanded}
        aria-controls={drawerId}
        onClick={onOpenMenu}
      >
        <span className="hamburger" aria-hidden="true" />
      </button>
      <Link className="app-header__home" to="/">
        <Logo logoUri={logoUri} companyName={companyName} />
      </Link>
      <div className="app-header__tools">
        {status}
        <LanguageSwitcher className="language-switcher--on-header" />
        <UserMenu user={user} impersonating={impersonating} settings={settings} />
      </div>
    </header>
  );
});
