import { useTranslation } from 'react-i18next';
import { PortalPage } from '../portal-page';
import { usePortal } from '../use-portal';
import { TargetsList } from './targets-list';

/** /deelnemerportal/resultaten (standard portal): the participant's targets and what they achieved. */
export function ResultsScreen() {
  const { t } = useTranslation();
  const portal = usePortal();
  return (
    <PortalPage title={t('portal.targets.title')} intro={t('portal.targets.intro')} ready={portal.ready}>
      <section className="widget" aria-labelledby="targets-title">
        <h2 className="widget__title" id="targets-title">
          {t('portal.targets.targetsTitle')}
        </h2>
        <TargetsList participantId={portal.participantId ?? 0} />
      </section>
    </PortalPage>
  );
}
