import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SaveInstrumentMatchInput } from '../../domain/instruments/inputs';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { DateFieldControl } from '../../lib/forms/date-field-control';
import { reportError } from '../../lib/error-reporting';
import { syncApi } from '../../lib/sync-client';
import { matchResolver, type MatchValues } from './form-schemas';
import { useMatchRows, usePeople } from './hooks';
import { MultiPick } from './multi-pick';
import { FieldError, formatDate, todayIso, tx, plusMonths } from './ui';

/**
 * Link participants of the caseload to an instrument for a period (02 §5: start and end date required, end not
 * before start, at least one participant). react-hook-form with saveInstrumentMatch's schema: a message goes as
 * soon as its field is valid, focus moves to the first error. Then one saveInstrumentMatch is queued per
 * participant, so each link shows at once and travels on its own offline.
 */
export function LinkParticipants({ instrumentId, instrumentName }: { instrumentId: number; instrumentName: string }) {
  const { t, i18n } = useTranslation();
  const people = usePeople();
  const links = useMatchRows({ instrumentId });
  const [filter, setFilter] = useState('');
  const [done, setDone] = useState<number | null>(null);
  const resolver = useMemo(() => matchResolver({ instrumentId }), [instrumentId]);
  const { control, handleSubmit, reset, formState: { errors, isSubmitting } } = useForm<MatchValues, unknown, SaveInstrumentMatchInput>({
    resolver,
    defaultValues: { participantIds: [], startDate: todayIso(), endDate: plusMonths(todayIso(), 3) },
    reValidateMode: 'onChange',
  });
  const chosen = useWatch({ control, name: 'participantIds' });
  const shown = useMemo(() => {
    const f = filter.trim().toLocaleLowerCase('nl');
    return (people ?? []).filter((p) => !f || p.name.toLocaleLowerCase('nl').includes(f) || chosen.includes(p.id));
  }, [people, filter, chosen]);

  const save = async (input: SaveInstrumentMatchInput) => {
    const { participantIds, startDate, endDate } = input;
    const writes = participantIds.map((p) => ({ name: 'instruments.saveInstrumentMatch', input: { uuid: uuidv7(), instrumentId, participantIds: [p], startDate, endDate } }));
    try {
      await syncApi().outbox.enqueueMany(writes);
      setDone(participantIds.length);
      // The period stays for a next choice; the choice and every message go.
      reset({ participantIds: [], startDate, endDate });
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <section className="instruments__section card" aria-labelledby="link-title">
      <h2 id="link-title">{t('instruments.link.title', { name: instrumentName })}</h2>
      {!links ? (
        <p role="status">{t('instruments.loading')}</p>
      ) : links.length === 0 ? (
        <p className="instruments__muted">{t('instruments.link.none')}</p>
      ) : (
        <ul className="instruments__links" aria-label={t('instruments.link.current')}>
          {links.map((l) => (
            <li key={l.uuid} data-testid="instrument-link">
              <strong>{l.participantName}</strong> {t('instruments.link.period', { start: formatDate(l.startDate, i18n.language), end: formatDate(l.endDate, i18n.language) })}
              {l.pending && <span className="wp-pending"> {t('instruments.pending')}</span>}
            </li>
          ))}
        </ul>
      )}
      <form className="instruments__form" onSubmit={(e) => { setDone(null); void handleSubmit(save)(e); }} noValidate>
        <div className="field">
          <label htmlFor="link-filter">{t('instruments.link.filter')}</label>
          <input id="link-filter" className="input" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
        <Controller
          control={control}
          name="participantIds"
          render={({ field }) => (
            <MultiPick
              id="link-participantIds"
              legend={t('instruments.link.participants')}
              options={shown}
              value={new Set(field.value)}
              onChange={(next) => field.onChange([...next])}
              focusRef={field.ref}
              error={errors.participantIds?.message ? tx(t, errors.participantIds.message) : undefined}
            />
          )}
        />
        <div className="instruments__grid">
          <div className="field">
            <label htmlFor="link-startDate">{t('instruments.link.startDate')}</label>
            <DateFieldControl control={control} name="startDate" deps="endDate" id="link-startDate" invalid={!!errors.startDate} errorId="link-startDate-error" />
            <FieldError id="link-startDate-error" message={errors.startDate?.message} />
          </div>
          <div className="field">
            <label htmlFor="link-endDate">{t('instruments.link.endDate')}</label>
            <DateFieldControl control={control} name="endDate" id="link-endDate" invalid={!!errors.endDate} errorId="link-endDate-error" />
            <FieldError id="link-endDate-error" message={errors.endDate?.message} />
          </div>
        </div>
        <div className="instruments__actions">
          <button type="submit" className="button button--primary" disabled={isSubmitting}>{t('instruments.link.submit')}</button>
          {done !== null && <p role="status">{t('instruments.link.done', { count: done })}</p>}
        </div>
      </form>
    </section>
  );
}
