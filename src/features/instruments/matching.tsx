import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SaveInstrumentMatchInput } from '../../domain/instruments/inputs';
import { rankInstruments, type MatchCriterion } from '../../domain/instruments/matching';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { reportError } from '../../lib/error-reporting';
import { syncApi } from '../../lib/sync-client';
import { DateFieldControl } from '../../lib/forms/date-field-control';
import { matchResolver, type MatchValues } from './form-schemas';
import { useInstrumentLists, useMatchingCategories, useMatchRows, usePeople } from './hooks';
import type { CategoryView } from './queries';
import { FieldError, formatDate, todayIso, plusMonths } from './ui';

/**
 * Matching instruments for a participant (a case, or KWNW): the matching categories with single or multiple
 * criteria and how many instruments meet each; a live score per instrument as criteria are chosen, best first,
 * explained in words; linking the chosen instrument saves the match (saveInstrumentMatch, offline too).
 * Instruments whose matching participant statuses leave out the participant's status are not offered (as the server).
 */
export function InstrumentMatching({ participantId, caseId }: { participantId: number; caseId?: number }) {
  const { t, i18n } = useTranslation();
  const categories = useMatchingCategories();
  const lists = useInstrumentLists();
  const people = usePeople();
  const saved = useMatchRows(caseId !== undefined ? { caseId } : { participantId });
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [linking, setLinking] = useState<number | null>(null);
  const person = people?.find((p) => p.id === participantId);
  const byId = useMemo(() => new Map((categories ?? []).flatMap((c) => c.criteria.map((k) => [k.id, { k, c }] as const))), [categories]);
  const chosenCriteria: MatchCriterion[] = [...chosen].flatMap((id) => {
    const hit = byId.get(id);
    return hit ? [{ id, categoryId: hit.c.id, singleSelection: hit.c.singleSelection }] : [];
  });
  const status = person?.statusId ?? null;
  const offered = (lists?.instruments ?? []).filter((i) => i.id !== null && (status === null || i.participantStatusIds.length === 0 || i.participantStatusIds.includes(status)));
  const ranked = rankInstruments(offered, chosenCriteria);

  const pick = (category: CategoryView, id: number | null) => {
    setChosen((prev) => {
      const next = new Set(prev);
      if (category.singleSelection) for (const k of category.criteria) next.delete(k.id);
      if (id !== null) {
        if (!category.singleSelection && prev.has(id)) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  };

  if (!categories || !lists || !people) return <p role="status">{t('instruments.loading')}</p>;
  return (
    <div className="instruments__matching">
      <section className="instruments__criteria" aria-labelledby="match-criteria-title">
        <h2 id="match-criteria-title">{t('instruments.match.criteria')}</h2>
        {categories.length === 0 && <p className="instruments__muted">{t('instruments.match.noCategories')}</p>}
        {categories.map((c) => (
          <fieldset key={c.id} className="instruments__pick">
            <legend>
              {c.label} <span className="instruments__muted">({t(c.singleSelection ? 'instruments.match.single' : 'instruments.match.multiple')})</span>
            </legend>
            <div className="instruments__pick-list">
              {c.singleSelection && (
                <label className="instruments__check">
                  <input type="radio" name={`cat-${c.id}`} checked={!c.criteria.some((k) => chosen.has(k.id))} onChange={() => pick(c, null)} />
                  <span>{t('instruments.match.noChoice')}</span>
                </label>
              )}
              {c.criteria.map((k) => (
                <label key={k.id} className="instruments__check">
                  <input type={c.singleSelection ? 'radio' : 'checkbox'} name={`cat-${c.id}`} checked={chosen.has(k.id)} onChange={() => pick(c, k.id)} />
                  <span>
                    {k.label} <span className="instruments__muted">{t('instruments.match.occurrences', { count: k.occurrences })}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </section>
      <section className="instruments__results" aria-labelledby="match-results-title">
        <h2 id="match-results-title">{t('instruments.match.results')}</h2>
        <p role="status" className="instruments__muted">
          {chosenCriteria.length === 0 ? t('instruments.match.chooseHint') : t('instruments.match.count', { count: ranked.length })}
        </p>
        {ranked.length === 0 ? (
          <p className="instruments__muted">{t(offered.length === 0 ? 'instruments.match.noInstruments' : 'instruments.match.noMatch')}</p>
        ) : (
          <ol className="instruments__ranked">
            {ranked.map((r) => (
              <li key={r.item.uuid} className="card instruments__result" data-testid="match-result">
                <div className="instruments__result-head">
                  <h3 className="instruments__card-title">{r.item.name}</h3>
                  <span className="instruments__score" aria-hidden="true">{r.match}%</span>
                </div>
                <p className="instruments__explain">
                  {r.total === 0 ? t('instruments.match.noCriteria') : t('instruments.match.explain', { met: r.met, total: r.total, match: r.match })}
                </p>
                {r.item.description && <p className="instruments__muted">{r.item.description}</p>}
                {linking === r.item.id ? (
                  <SaveMatch instrumentId={r.item.id!} name={r.item.name} participantId={participantId} caseId={caseId} criteriaIds={[...chosen]} onClose={() => setLinking(null)} />
                ) : (
                  <button type="button" className="button" onClick={() => setLinking(r.item.id)}>{t('instruments.match.link', { name: r.item.name })}</button>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="instruments__section" aria-labelledby="match-saved-title">
        <h2 id="match-saved-title">{t('instruments.match.saved')}</h2>
        {!saved || saved.length === 0 ? (
          <p className="instruments__muted">{t('instruments.match.noneSaved')}</p>
        ) : (
          <ul className="instruments__links">
            {saved.map((m) => (
              <li key={m.uuid} data-testid="saved-match">
                <strong>{m.instrumentName}</strong> {t('instruments.link.period', { start: formatDate(m.startDate, i18n.language), end: formatDate(m.endDate, i18n.language) })}
                {m.pending && <span className="wp-pending"> {t('instruments.pending')}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function SaveMatch({ instrumentId, name, participantId, caseId, criteriaIds, onClose }: {
  instrumentId: number;
  name: string;
  participantId: number;
  caseId?: number;
  criteriaIds: number[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The schema checks the period; the criteria sent are those chosen when saving.
  const [resolver] = useState(() => matchResolver({ instrumentId, caseId: caseId ?? null, criteriaIds }));
  const { control, handleSubmit, formState: { errors, isSubmitting } } = useForm<MatchValues, unknown, SaveInstrumentMatchInput>({
    resolver,
    defaultValues: { participantIds: [participantId], startDate: todayIso(), endDate: plusMonths(todayIso(), 3) },
    reValidateMode: 'onChange',
  });
  const save = (input: SaveInstrumentMatchInput) => syncApi().instruments.saveInstrumentMatch({ ...input, uuid: uuidv7(), criteriaIds }).then(onClose, reportError);
  const id = `m${instrumentId}`;
  return (
    <form className="instruments__inline" onSubmit={(e) => void handleSubmit(save)(e)} noValidate aria-label={t('instruments.match.link', { name })}>
      <div className="field">
        <label htmlFor={`${id}-start`}>{t('instruments.link.startDate')}</label>
        <DateFieldControl control={control} name="startDate" deps="endDate" id={`${id}-start`} invalid={!!errors.startDate} errorId={`${id}-start-error`} />
        <FieldError id={`${id}-start-error`} message={errors.startDate?.message} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-end`}>{t('instruments.link.endDate')}</label>
        <DateFieldControl control={control} name="endDate" id={`${id}-end`} invalid={!!errors.endDate} errorId={`${id}-end-error`} />
        <FieldError id={`${id}-end-error`} message={errors.endDate?.message} />
      </div>
      <FieldError id={`${id}-error`} message={errors.participantIds?.message} />
      <div className="instruments__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>{t('instruments.match.save')}</button>
        <button type="button" className="button" onClick={onClose}>{t('instruments.match.cancel')}</button>
      </div>
    </form>
  );
}
