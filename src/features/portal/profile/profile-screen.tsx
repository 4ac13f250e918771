import { useTranslation } from 'react-i18next';
import { resolveWidgetOrder } from '../../../domain/portal/widgets';
import { formatDate as formatDay } from '../../../lib/format';
import { PortalWidget } from '../home/portal-widget';
import { WidgetBoard } from '../home/widget-board';
import { usePicture } from '../pictures/use-picture';
import { PortalPage } from '../portal-page';
import { str } from '../text';
import { usePortal } from '../use-portal';

/** /my-profile: the participant's details and the profile page's own widgets, in their own order. */
export function ProfileScreen() {
  const { t, i18n } = useTranslation();
  const portal = usePortal();
  const picture = usePicture(portal.userSettings.profilePicture);
  const p: Readonly<Record<string, unknown>> = portal.participant ?? {};
  const unknown = t('portal.widget.unknown');
  const address = [str(p.street), [str(p.houseNumber), str(p.houseNumberAddition)].join(''), str(p.zipcode), str(p.city)].filter(Boolean).join(' ');
  const order = resolveWidgetOrder('profile', portal.companySettings, portal.userSettings);
  return (
    <PortalPage title={t('portal.profile.title')} intro={t('portal.profile.intro')} ready={portal.ready && portal.settingsReady}>
      <section className="widget profile-card" aria-label={t('portal.profile.title')}>
        {picture ? <img className="avatar avatar--large" src={picture} alt={t('portal.profile.pictureAlt', { name: portal.name })} /> : null}
        <dl className="facts">
          <dt>{t('portal.profile.name')}</dt>
          <dd>{portal.name || unknown}</dd>
          <dt>{t('portal.profile.birthdate')}</dt>
          <dd>{str(p.birthdate) ? formatDay(str(p.birthdate), i18n.language) : unknown}</dd>
          <dt>{t('portal.profile.email')}</dt>
          <dd>{str(p.email) || unknown}</dd>
          <dt>{t('portal.profile.phone')}</dt>
          <dd>{str(p.phone) || unknown}</dd>
          <dt>{t('portal.profile.address')}</dt>
          <dd>{address || unknown}</dd>
        </dl>
        <p className="portal__hint">{t('portal.profile.changesByCoach')}</p>
      </section>
      <WidgetBoard page="profile" order={order} render={(id) => <PortalWidget id={id} portal={portal} />} />
    </PortalPage>
  );
}
