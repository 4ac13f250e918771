import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useOnlineStatus } from '../../lib/use-online-status';
import './portal.css';

interface PortalPageProps {
  title: string;
  intro?: string;
  children: ReactNode;
  /** The replica does not hold the company yet (first sync still running). */
  ready?: boolean;
}

/** The frame of every portal page: title, intro and the page (the shell shows the offline banner). */
export function PortalPage({ title, intro, children, ready = true }: PortalPageProps) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  useDocumentTitle(title);
  return (
    <div className="portal">
      <h1 className="portal__title">{title}</h1>
      {intro ? <p className="portal__intro">{intro}</p> : null}
      {/* Offline, the shell's banner says so above every page; a second banner here stacked two (issue 21). */}
      {ready ? children : <p className="portal__loading">{online ? t('portal.home.loading') : t('portal.home.notSynced')}</p>}
    </div>
  );
}
