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

/** The frame of every portal page: title, intro, an offline note, and the page. */
export function PortalPage({ title, intro, children, ready = true }: PortalPageProps) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  useDocumentTitle(title);
  return (
    <div className="portal">
      <h1 className="portal__title">{title}</h1>
      {intro ? <p className="portal__intro">{intro}</p> : null}
      {online ? null : <p className="portal__offline">{t('portal.offline')}</p>}
      {ready ? children : <p className="portal__loading">{online ? t('portal.home.loading') : t('portal.home.notSynced')}</p>}
    </div>
  );
}
