import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../lib/ui/language-switcher';

export interface ShellUser {
  givenName: string;
  surname: string;
  username: string;
}

/** The user's own settings page, shown in the user menu (participants: the portal's settings; staff: the profile). */
export interface SettingsLink {
  to: string;
  labelKey: 'shellExtra.settings' | 'shellExtra.profile';
}

interface UserMenuProps {
  user: ShellUser;
  impersonating: boolean;
  settings?: SettingsLink | null | undefined;
}

function initials(user: ShellUser): string {
  const letters = `${user.givenName.charAt(0)}${user.surname.charAt(0)}`.trim();
  return (letters || user.username.charAt(0)).toUpperCase();
}

/** The user's disclosure menu in the header: change password, stop impersonating, sign out. */
export function UserMenu({ user, impersonating, settings }: UserMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const fullName = `${user.givenName} ${user.surname}`.trim() || user.username;

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {/* The name comes from the content, so the visible name is part of it (WCAG 2.5.3); the initials are decoration. */}
        <span className="user-menu__avatar" aria-hidden="true">
          {initials(user)}
        </span>
        <span className="visually-hidden">{t('shell.userMenuOf')} </span>
        <span className="user-menu__name">{fullName}</span>
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!open}>
        <p className="user-menu__who">
          <strong>{fullName}</strong>
          <span>{user.username}</span>
        </p>
        <LanguageSwitcher className="user-menu__language" />
        <ul className="user-menu__list">
          {settings ? (
            <li>
              <Link to={settings.to} className="user-menu__link" onClick={close}>
                {t(settings.labelKey)}
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/user/changepassword" className="user-menu__link" onClick={close}>
              {t('shell.changePassword')}
            </Link>
          </li>
          <li>
            <Link to="/user/devices" className="user-menu__link" onClick={close}>
              {t('shell.myDevices')}
            </Link>
          </li>
          {impersonating ? (
            <li>
              <Link to="/stop-imitate" className="user-menu__link" onClick={close}>
                {t('shell.stopImitate')}
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/user/logout" className="user-menu__link user-menu__link--sign-out" onClick={close}>
              {t('shell.signOut')}
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
