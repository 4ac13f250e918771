import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { registrationChecklist } from '../../../domain/portal/registration';
import { ParticipantStatus } from '../../../domain/shared/participant-status';
import { PortalPage } from '../portal-page';
import { PictureField } from '../settings/picture-field';
import { usePortal } from '../use-portal';

/** /inschrijven/home: what a registering participant still has to hand in; nothing else is reachable. */
export function RegistrationScreen() {
  const { t } = useTranslation();
  const portal = usePortal();
  const p: Readonly<Record<string, unknown>> = portal.participant ?? {};
  const steps = registrationChecklist(p, typeof portal.userSettings.profilePicture === 'string');
  const open = steps.filter((s) => !s.done);
  return (
    <PortalPage title={t('portal.registration.title')} intro={t('portal.registration.intro')} ready={portal.participant !== null || portal.ready}>
      <section className="widget" aria-labelledby="registration-steps">
        <h2 className="widget__title" id="registration-steps">
          {p.statusId === ParticipantStatus.Registered ? t('portal.registration.statusRegistered') : t('portal.registration.statusRegistration')}
        </h2>
        <ul className="checklist" data-testid="registration-steps">
          {steps.map((s) => (
            <li key={s.step} className={`checklist__item${s.done ? ' checklist__item--done' : ''}`}>
              <span className="checklist__mark" aria-hidden="true">
                {s.done ? '✓' : '○'}
              </span>
              <span>{t(`portal.registration.steps.${s.step}`)}</span>
              <span className={`pill ${s.done ? 'pill--ok' : 'pill--pending'}`}>{s.done ? t('portal.registration.done') : t('portal.registration.todo')}</span>
            </li>
          ))}
        </ul>
        <p>{open.length === 0 ? t('portal.registration.complete') : t('portal.registration.askCoach')}</p>
      </section>
      {steps.find((s) => s.step === 'picture')?.done ? null : (
        <section className="widget" aria-label={t('portal.registration.pictureAction')}>
          <PictureField kind="profile" current={portal.userSettings.profilePicture} label={t('portal.registration.pictureAction')} />
        </section>
      )}
      <Link className="button" to="/user/logout">
        {t('portal.registration.signOut')}
      </Link>
    </PortalPage>
  );
}
