import { useTranslation } from 'react-i18next';
import { resolveWidgetOrder } from '../../../domain/portal/widgets';
import { PortalPage } from '../portal-page';
import { usePortal } from '../use-portal';
import { PortalWidget } from './portal-widget';
import { WidgetBoard } from './widget-board';

/** The portal home (/participant-portal, /deelnemerportal): the switched-on widgets in the stored order. */
export function HomeScreen() {
  const { t } = useTranslation();
  const portal = usePortal();
  const order = resolveWidgetOrder('home', portal.companySettings, portal.userSettings);
  return (
    <PortalPage title={t('portal.home.greeting', { name: portal.name })} intro={t('portal.home.intro')} ready={portal.ready && portal.settingsReady}>
      <WidgetBoard page="home" order={order} render={(id) => <PortalWidget id={id} portal={portal} />} />
    </PortalPage>
  );
}
