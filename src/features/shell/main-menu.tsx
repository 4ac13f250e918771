import { useEffect, useId, useState, type ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { activeEntryId, activeMenuUri } from '../../domain/navigation/active-entry';
import { normaliseUri } from '../../domain/navigation/filter-menu';
import type { MenuEntry } from '../../domain/navigation/menu-types';
import type { MenuLabelKey } from '../../i18n/keys';
import { MenuLink } from './menu-link';
import { preloadMenuRoutes } from './preload-menu';

interface MainMenuProps {
  menu: readonly MenuEntry<MenuLabelKey>[];
  pathname: string;
  /** Shown after an entry's label, by entry id (the unread-messages counter). */
  badges?: Readonly<Record<string, ReactNode>>;
}

/** The main menu as a navigation landmark: links, and groups that fold open (disclosure buttons). */
export function MainMenu({ menu, pathname, badges }: MainMenuProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const activeUri = activeMenuUri(menu, pathname);
  const activeId = activeEntryId(menu, pathname);
  // Groups the user folded open or shut; the others follow the page: the active group is open.
  const [toggled, setToggled] = useState<Readonly<Record<string, boolean>>>({});
  const isOpen = (id: string) => toggled[id] ?? id === activeId;
  const toggle = (id: string) => setToggled((previous) => ({ ...previous, [id]: !(previous[id] ?? id === activeId) }));

  const isCurrent = (uri: string) => activeUri !== null && normaliseUri(uri) === activeUri;
  const router = useRouter();
  // Only when the service worker serves the app: the code then comes from its cache (no data used on
  // a phone's plan, nothing that can fail); on a first visit the links still load on intent.
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return undefined;
    return preloadMenuRoutes(router, menu.flatMap((entry) => (entry.children ? entry.children.map((c) => c.uri) : [entry.uri])));
  }, [router, menu]);

  return (
    <ul className="main-menu">
      {menu.map((entry) => {
        if (!entry.children) {
          return (
            <li key={entry.id} className="main-menu__item">
              <MenuLink uri={entry.uri} current={isCurrent(entry.uri)} className="main-menu__link">
                {t(entry.labelKey)}
                {badges?.[entry.id]}
              </MenuLink>
            </li>
          );
        }
        const listId = `${baseId}-${entry.id}`;
        const expanded = isOpen(entry.id);
        return (
          <li key={entry.id} className={entry.id === activeId ? 'main-menu__item main-menu__item--active' : 'main-menu__item'}>
            <button type="button" className="main-menu__group" aria-expanded={expanded} aria-controls={listId} onClick={() => toggle(entry.id)}>
              <span>
                {t(entry.labelKey)}
                {badges?.[entry.id]}
              </span>
              <span className="main-menu__chevron" aria-hidden="true" />
            </button>
            <ul id={listId} className="main-menu__sub" hidden={!expanded}>
              {entry.children.map((child) => (
                <li key={child.id}>
                  <MenuLink uri={child.uri} current={isCurrent(child.uri)} className="main-menu__link main-menu__link--sub">
                    {t(child.labelKey)}
                    {badges?.[child.id]}
                  </MenuLink>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
