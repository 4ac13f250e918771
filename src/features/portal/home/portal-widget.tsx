import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readDisplaySettings } from '../../../domain/portal/display-settings';
import { targetProgress } from '../../../domain/portal/targets';
import type { WidgetId } from '../../../domain/portal/widgets';
import { useReplicaQuery } from '../../../lib/replica/hooks';
import { usePicture } from '../pictures/use-picture';
import * as q from '../queries';
import type { Portal } from '../use-portal';
import { TargetsList } from '../targets/targets-list';

interface CardProps {
  id: WidgetId;
  children: ReactNode;
  link?: { to: string; label: string };
}

function Card({ id, children, link }: CardProps) {
  const { t } = useTranslation();
  return (
    <section className="widget" aria-labelledby={`widget-${id}`} data-testid={`widget-${id}`}>
      <h2 className="widget__title" id={`widget-${id}`}>
        {t(`portal.widgets.${id}`)}
      </h2>
      <div className="widget__body">{children}</div>
      {link ? (
        <Link className="widget__link" to={link.to}>
          {link.label}
        </Link>
      ) : null}
    </section>
  );
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() ? value : fallback;
}

function ProfileCard({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const coachId = typeof portal.participant?.coachId === 'number' ? portal.participant.coachId : 0;
  const coach = useReplicaQuery((r) => q.userById(r, coachId), [coachId]);
  const picture = usePicture(portal.userSettings.profilePicture);
  return (
    <Card id="my-profile" link={{ to: portal.paths.profile, label: t('portal.widget.openProfile') }}>
      <div className="widget__profile">
        {picture ? <img className="avatar" src={picture} alt={t('portal.profile.pictureAlt', { name: portal.name })} /> : null}
        <p className="widget__lead">{portal.name}</p>
      </div>
      <p>{coach ? t('portal.widget.coach', { name: [coach.givenName, coach.surname].filter(Boolean).join(' ') }) : t('portal.widget.noCoach')}</p>
    </Card>
  );
}

function ProgressCard({ portal, id }: { portal: Portal; id: 'my-progress' | 'my-development-profile' }) {
  const { t } = useTranslation();
  const pid = portal.participantId ?? 0;
  const plans = useReplicaQuery((r) => q.workPlansOf(r, pid), [pid]) ?? [];
  const targets = useReplicaQuery((r) => q.targetsOf(r, pid), [pid]) ?? [];
  const finished = plans.filter((w) => w.status === 'finished').length;
  const prog = targetProgress(targets);
  const label = t('portal.widget.progressText', { finished, total: plans.length });
  return (
    <Card id={id} link={id === 'my-development-profile' ? { to: portal.paths.development, label: t('portal.widget.openDevelopment') } : undefined}>
      {plans.length ? (
        <>
          <p>{label}</p>
          <progress className="widget__progress" max={plans.length} value={finished} aria-label={label} />
        </>
      ) : (
        <p>{t('portal.widget.noWorkPlans')}</p>
      )}
      {prog.total && id === 'my-progress' ? <p>{t('portal.widget.targetsText', prog)}</p> : null}
    </Card>
  );
}

function WorkPlansCard({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const pid = portal.participantId ?? 0;
  const plans = useReplicaQuery((r) => q.workPlansOf(r, pid), [pid]) ?? [];
  const running = plans.filter((w) => w.status === 'running').length;
  return (
    <Card id="my-work-plans" link={{ to: portal.paths.workPlans, label: t('portal.widget.openWorkPlans') }}>
      <p>{plans.length ? t('portal.widget.workPlansRunning', { count: running }) : t('portal.widget.noWorkPlans')}</p>
    </Card>
  );
}

function TasksCard({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const pid = portal.participantId ?? 0;
  const tasks = useReplicaQuery((r) => q.openTaskCount(r, pid), [pid]);
  return (
    <Card id="my-tasks">
      <p data-testid="tasks-count">{tasks ? t('portal.widget.tasksCount', { count: tasks }) : t('portal.widget.tasksNone')}</p>
    </Card>
  );
}

function DocumentsCard({ portal, id }: { portal: Portal; id: 'my-documents' | 'my-portfolio' }) {
  const { t } = useTranslation();
  const pid = portal.participantId ?? 0;
  const documents = useReplicaQuery((r) => q.participantDocuments(r, pid), [pid]) ?? [];
  return (
    <Card id={id} link={{ to: portal.paths.documents, label: t('portal.widget.openDocuments') }}>
      {id === 'my-portfolio' ? <p>{t('portal.widget.portfolioText')}</p> : null}
      <p>{t('portal.widget.documentsCount', { count: documents.length })}</p>
    </Card>
  );
}

function HomepagePictureCard({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const picture = usePicture(portal.userSettings.homepagePicture);
  return (
    <Card id="my-homepage-picture" link={{ to: portal.paths.settings, label: t('portal.widget.choosePicture') }}>
      {picture ? <img className="widget__picture" src={picture} alt={t('portal.settings.homepagePicture')} /> : <p>{t('portal.widget.noPicture')}</p>}
    </Card>
  );
}

/** One block of the home or profile page, reading the replica. */
export function PortalWidget({ id, portal }: { id: WidgetId; portal: Portal }) {
  const { t } = useTranslation();
  const p: Readonly<Record<string, unknown>> = portal.participant ?? {};
  const unknown = t('portal.widget.unknown');
  switch (id) {
    case 'my-profile':
      return <ProfileCard portal={portal} />;
    case 'my-progress':
    case 'my-development-profile':
      return <ProgressCard portal={portal} id={id} />;
    case 'my-work-plans':
      return <WorkPlansCard portal={portal} />;
    case 'my-tasks':
      return <TasksCard portal={portal} />;
    case 'my-documents':
    case 'my-portfolio':
      return <DocumentsCard portal={portal} id={id} />;
    case 'my-homepage-picture':
      return <HomepagePictureCard portal={portal} />;
    case 'my-targets':
      return (
        <Card id={id} link={portal.kind === 'standard' ? { to: portal.paths.results, label: t('portal.widget.openTargets') } : undefined}>
          <TargetsList participantId={portal.participantId ?? 0} compact={portal.kind === 'standard'} />
        </Card>
      );
    case 'me':
      return (
        <Card id={id}>
          <ul className="widget__facts">
            <li>{t('portal.widget.meEmail', { value: text(p.email, unknown) })}</li>
            <li>{t('portal.widget.mePhone', { value: text(p.phone, unknown) })}</li>
            <li>{t('portal.widget.meCity', { value: text(p.city, unknown) })}</li>
          </ul>
        </Card>
      );
    case 'my-settings': {
      const display = readDisplaySettings(portal.userSettings);
      return (
        <Card id={id} link={{ to: portal.paths.settings, label: t('portal.widget.openSettings') }}>
          <p>{t('portal.widget.themeNow', { theme: t(`portal.settings.themes.${display.theme}`) })}</p>
        </Card>
      );
    }
    case 'my-communication-preferences': {
      const prefs = portal.communicationPreferences;
      return (
        <Card id={id} link={{ to: portal.paths.preferences, label: t('portal.widget.openPreferences') }}>
          <p>{t('portal.widget.preferenceNow', { channel: t(`portal.preferences.channel.${prefs.preferredChannel}`) })}</p>
        </Card>
      );
    }
  }
}
