import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface MenuDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The main menu on phones: a modal dialog sliding in from the left. The native dialog traps focus,
 * closes on Escape and returns focus to the menu button.
 */
export function MenuDrawer({ id, open, onClose, children }: MenuDrawerProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      id={id}
      ref={ref}
      className="menu-drawer"
      aria-label={t('shell.mainMenu')}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="menu-drawer__panel">
        <div className="menu-drawer__top">
          <button type="button" className="menu-drawer__close" onClick={onClose}>
            <span aria-hidden="true">×</span> {t('shell.closeMenu')}
          </button>
        </div>
        <nav aria-label={t('shell.mainMenu')}>{children}</nav>
      </div>
    </dialog>
  );
}
