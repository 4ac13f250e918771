import { useTranslation } from 'react-i18next';
import { useAreaSettings, useMatchRows, usePlanParticipant } from './hooks';
import './instruments.css';
import { formatDate } from './ui';

/** The instruments a participant is linked to (on the participant's page and in their work plans); nothing while instruments are off. */
export function ParticipantInstruments({ participantId }: { participantId: number }) {
  const { t, i18n } = useTranslation();
  const settings = useAreaSettings();
  const rows = useMatchRows({ participantId });
  if (!settings || settings.mode === 'disabled' || !rows) return null;
  return (
    <section className="instruments__section" aria-labelledby={`pi-${participantId}`} data-testid="participant-instruments">
      <h2 id={`pi-${participantId}`}>{t('instruments.participant.title')}</h2>
      {rows.length === 0 ? (
        <p className="instruments__muted">{t('instruments.participant.none')}</p>
      ) : (
        <ul className="instruments__links">
          {rows.map((m) => (
            <li key={m.uuid}>
              <strong>{m.instrumentName}</strong> {t('instruments.link.period', { start: formatDate(m.startDate, i18n.language), end: formatDate(m.endDate, i18n.language) })}
              {m.pending && <span className="wp-pending"> {t('instruments.pending')}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The instruments of a work plan's participant (below the work-plan screen). */
export function PlanInstruments({ planKey }: { planKey: string }) {
  const participantId = usePlanParticipant(planKey);
  return participantId ? <ParticipantInstruments participantId={participantId} /> : null;
}
