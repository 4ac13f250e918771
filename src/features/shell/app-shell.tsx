import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { MenuCatalogue } from '../../domain/navigation/menu-types';
import type { MenuLabelKey } from '../../i18n/keys';
import { useMediaQuery } from '../../lib/ui/use-media-query';
import { useOnlineStatus } from '../../lib/use-online-status';
import { AppHeader } from './app-header';
import { MainMenu } from './main-menu';
import { MenuDrawer } from './menu-drawer';
import { MenuSkeleton } from './menu-skeleton';
import { preloadMenuRoutes } from './preload-menu';
import { useMainMenu } from './use-main-menu';
import type { SettingsLink, ShellUser } from './user-menu';

/** Where styles.css shows the side bar (below it: the drawer). */
const SIDEBAR_MEDIA = '(min-width: 768px)';

interface AppShellProps {
  user: ShellUser & { id: number };
  companyName: string | null;
  logoUri: string | null;
  impersonating: boolean;
  catalogue: MenuCatalogue<MenuLabelKey>;
  /** The sync status for the banner. */
  headerStatus?: ReactNode;
  /** Badges after menu labels, by entry id (unread messages). */
  menuBadges?: Readonly<Record<string, ReactNode>>;
  /** The user's own settings page, in the user menu. */
  settings?: SettingsLink | null | undefined;
  children: ReactNode;
}

/** The signed-in layout: skip link, banner, main menu (side nav or drawer) and the main landmark. */
export function AppShell({ user, companyName, logoUri, impersonating, catalogue, headerStatus, menuBadges, settings, children }: AppShellProps) {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (location) => location.pathname });
  const { status, menu, retry } = useMainMenu(catalogue, String(user.id));
  // The drawer remembers the page it was opened on, so navigating anywhere closes it.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const drawerOpen = drawerPath === pathname;
  const drawerId = useId();
  const online = useOnlineStatus();
  // One menu is visible at a time: the side bar from 768 px (styles.css hides it below), else the
  // drawer while it is open. Only that one is rendered (the menu's links are most of the shell's work).
  const wide = useMediaQuery(SIDEBAR_MEDIA, true);
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);
  // Stable, so the memoised header does not re-render when only the menu's request status changes.
  const openMenu = useCallback(() => setDrawerPath(pathname), [pathname]);
  const closeMenu = useCallback(() => setDrawerPath(null), []);

  // The code of the menu's routes loads when the page is idle, whichever menu is shown (the side bar,
  // or the drawer, which renders its links only while open). Only when the service worker serves the
  // app: the code then comes from its cache (no data used on a phone's plan, nothing that can fail);
  // on a first visit the links still load on intent.
  const router = useRouter();
  useEffect(() => {
    if (!menu || typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return undefined;
    return preloadMenuRoutes(router, menu.flatMap((entry) => (entry.children ? entry.children.map((c) => c.uri) : [entry.uri])));
  }, [router, menu]);

  // After an in-app navigation, move focus to the new page so keyboard and screen-reader users start there.
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  const menuContent = (
    <>
      {menu ? <MainMenu menu={menu} pathname={pathname} {...(menuBadges ? { badges: menuBadges } : {})} /> : status === 'error' ? null : <MenuSkeleton />}
      {status === 'offline' ? <p className="main-menu__notice">{t('shell.menuOffline')}</p> : null}
      {status === 'error' ? (
        <div className="main-menu__notice main-menu__notice--error" role="alert">
          <p>{t('shell.menuUnavailable')}</p>
          <button type="button" className="button" onClick={retry}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}
    </>
  );

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <AppHeader
        user={user}
        companyName={companyName}
        logoUri={logoUri}
        impersonating={impersonating}
        onOpenMenu={openMenu}
        menuButtonExpanded={drawerOpen}
        drawerId={drawerId}
        status={headerStatus}
        settings={settings}
      />
      <div className="app-shell__body">
        <nav className="app-shell__sidebar" aria-label={t('shell.mainMenu')}>
          {wide ? menuContent : null}
        </nav>
        <MenuDrawer id={drawerId} open={drawerOpen} onClose={closeMenu}>
          {drawerOpen ? menuContent : null}
        </MenuDrawer>
        <main id="main" ref={mainRef} tabIndex={-1} className="app-shell__main">
          {online ? null : (
            <p className="offline-banner" role="status">
              {t('shell.offlineBanner')}
            </p>
          )}
          {impersonating ? (
            <div className="imitation-banner" role="status">
              <span>{t('shell.imitating', { name: `${user.givenName} ${user.surname}`.trim() || user.username })}</span>
              <Link to="/stop-imitate" className="imitation-banner__link">
                {t('shell.stopImitate')}
              </Link>
            </div>
          ) : null}
          {children}
        </main>
      </div>
    </div>
  );
}
