import { memo, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { activeEntryId, activeMenuUri } from '../../domain/navigation/active-entry';
import { normaliseUri } from '../../domain/navigation/filter-menu';
import type { MenuEntry } from '../../domain/navigation/menu-types';
import type { MenuLabelKey } from '../../i18n/keys';
import { MenuLink } from './menu-link';

interface MainMenuProps {
  menu: readonly MenuEntry<MenuLabelKey>[];
  pathname: string;
  /** Shown after an entry's label, by entry id (the unread-messages counter). */
  badges?: Readonly<Record<string, ReactNode>>;
}

/**
 * The main menu as a navigation landmark: links, and groups that fold open (disclosure buttons).
 * Memoised: the shell re-renders for things the menu does not show (the menu request's status, the
 * drawer); the same menu, page and badges render nothing new.
 */
export const MainMenu = memo(function MainMenu({ menu, pathname, badges }: MainMenuProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const activeUri = activeMenuUri(menu, pathname);
  const activeId = activeEntryId(menu, pathname);
  // Groups the user folded open or shut; the others follow the page: the active group is open.
  const [toggled, setToggled] = useState<Readonly<Record<string, boolean>>>({});
  const isOpen = (id: string) => toggled[id] ?? id === activeId;
  const toggle = (id: string) => setToggled((previous) => ({ ...previous, [id]: !(previous[id] ?? id === activeId) }));

  const isCurrent = (uri: string) => activeUri !== null && normaliseUri(uri) === activeUri;

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
});
