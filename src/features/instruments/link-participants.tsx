import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { SaveInstrumentMatchSchema } from '../../domain/instruments/inputs';
import { issuesByField } from '../../domain/work-plan/inputs';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { reportError } from '../../lib/error-reporting';
import { syncApi } from '../../lib/sync-client';
import { useMatchRows, usePeople } from './hooks';
import { MultiPick } from './multi-pick';
import { FieldError, formatDate, todayIso, tx, plusMonths } from './ui';

/**
 * Link participants of the caseload to an instrument for a period (02 §5: start and end date required, end not
 * before start, at least one participant). The form checks the whole choice with the shared schema, then
 * queues one saveInstrumentMatch per participant, so each link shows at once and travels on its own offline.
 */
export function LinkParticipants({ instrumentId, instrumentName }: { instrumentId: number; instrumentName: string }) {
  const { t, i18n } = useTranslation();
  const people = usePeople();
  const links = useMatchRows({ instrumentId });
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [filter, setFilter] = useState('');
  const [startDate, setStart] = useState(todayIso());
  const [endDate, setEnd] = useState(plusMonths(todayIso(), 3));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<number | null>(null);
  const shown = useMemo(() => {
    const f = filter.trim().toLocaleLowerCase('nl');
    return (people ?? []).filter((p) => !f || p.name.toLocaleLowerCase('nl').includes(f) || chosen.has(p.id));
  }, [people, filter, chosen]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const participantIds = [...chosen];
    const parsed = v.safeParse(SaveInstrumentMatchSchema, { uuid: uuidv7(), instrumentId, participantIds, startDate, endDate });
    setErrors(parsed.success ? {} : issuesByField(parsed.issues));
    setDone(null);
    if (!parsed.success) return;
    const writes = participantIds.map((p) => ({ name: 'instruments.saveInstrumentMatch', input: { uuid: uuidv7(), instrumentId, participantIds: [p], startDate, endDate } }));
    syncApi()
      .outbox.enqueueMany(writes)
      .then(() => {
        setDone(participantIds.length);
        setChosen(new Set());
      }, reportError);
  };
  const err = (k: string) => ({ 'aria-invalid': errors[k] ? true : undefined, 'aria-describedby': errors[k] ? `link-${k}-error` : undefined });

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
      <form className="instruments__form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="link-filter">{t('instruments.link.filter')}</label>
          <input id="link-filter" className="input" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
        <MultiPick id="link-participantIds" legend={t('instruments.link.participants')} options={shown} value={chosen} onChange={setChosen} error={errors.participantIds ? tx(t, errors.participantIds) : undefined} />
        <div className="instruments__grid">
          <div className="field">
            <label htmlFor="link-startDate">{t('instruments.link.startDate')}</label>
            <input id="link-startDate" className="input" type="date" value={startDate} onChange={(e) => setStart(e.target.value)} {...err('startDate')} />
            <FieldError id="link-startDate-error" message={errors.startDate} />
          </div>
          <div className="field">
            <label htmlFor="link-endDate">{t('instruments.link.endDate')}</label>
            <input id="link-endDate" className="input" type="date" value={endDate} onChange={(e) => setEnd(e.target.value)} {...err('endDate')} />
            <FieldError id="link-endDate-error" message={errors.endDate} />
          </div>
        </div>
        <div className="instruments__actions">
          <button type="submit" className="button button--primary">{t('instruments.link.submit')}</button>
          {done !== null && <p role="status">{t('instruments.link.done', { count: done })}</p>}
        </div>
      </form>
    </section>
  );
}
