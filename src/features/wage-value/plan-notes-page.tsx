import { todayIso } from '../../domain/format/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { toDutchDate } from '../../domain/wage-value/numbers';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { wageValueActions } from './actions';
import { usePlan, usePlanNotes, useParticipants, useStaffUsers } from './queries';
import { useWageValueMe } from './use-me';
import { OutboxIssues } from './outbox-issues';
import './wage-value.css';

const today = (): string => todayIso();

/** Notes of a planning row (02 §2): newest first; add, edit, delete (confirmed). */
export function PlanNotesPage({ planKey }: { planKey: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('wageValue.notes.title'));
  const plan = usePlan(planKey);
  const notes = usePlanNotes(typeof plan?.id === 'number' ? plan.id : null);
  const participants = useParticipants();
  const users = useStaffUsers();
  const me = useWageValueMe();
  const [form, setForm] = useState<{ uuid: string; isNew: boolean; noteDate: string; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (plan === undefined) return <p aria-live="polite">{t('wageValue.search.loading')}</p>;
  if (plan === null) return <p className="alert alert--error" role="alert">{t('wageValue.notes.notFound')}</p>;
  const participant = participants?.find((p) => p.id === plan.participantId)?.name ?? '';
  async function save(): Promise<void> {
    if (!form || !plan) return;
    const input = { uuid: form.uuid, planUuid: plan.uuid, noteDate: form.noteDate, text: form.text };
    const answer = form.isNew
      ? await wageValueActions.addNote(input, { planId: typeof plan.id === 'number' ? plan.id : undefined, createdByUserId: me?.userId })
      : await wageValueActions.updateNote(input);
    if (!answer.queued) { setError(answer.reason ?? 'wageValue.actions.failed'); return; }
    setError(null);
    setForm(null);
  }
  return (
    <section className="wv-page" aria-labelledby="wv-notes-title">
      <header className="wv-page__header">
        <h1 id="wv-notes-title">{t('wageValue.notes.title')}: {participant}</h1>
        <Link to="/wage-value/measurement/planning">{t('wageValue.notes.back')}</Link>
      </header>
      <OutboxIssues collections={['wageValuePlanNotes']} />
      {!form ? <button type="button" className="button button--primary" onClick={() => setForm({ uuid: uuidv7(), isNew: true, noteDate: today(), text: '' })}>{t('wageValue.notes.add')}</button> : (
        <form className="card" aria-label={t('wageValue.notes.add')} noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <div className="field">
            <label className="field__label" htmlFor="note-date">{t('wageValue.notes.noteDate')}</label>
            <input id="note-date" className="input" type="date" value={form.noteDate} onChange={(e) => setForm({ ...form, noteDate: e.target.value })} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="note-text">{t('wageValue.notes.text')}</label>
            <textarea id="note-text" className="input wv-textarea" value={form.text} onChange={(e) => setForm({ ...form, text: e.target.value })} />
          </div>
          {error ? <p className="alert alert--error" role="alert">{t(error as 'wageValue.errors.required')}</p> : null}
          <div className="wv-step__actions">
            <button type="button" className="button" onClick={() => { setForm(null); setError(null); }}>{t('wageValue.notes.cancel')}</button>
            <button type="submit" className="button button--primary">{t('wageValue.notes.save')}</button>
          </div>
        </form>
      )}
      {!notes ? <p aria-live="polite">{t('wageValue.search.loading')}</p> : notes.length === 0 ? <p className="wv-empty">{t('wageValue.notes.empty')}</p> : (
        <ul className="wv-notes">
          {notes.map((n) => (
            <li key={n.uuid} className="card">
              <p className="wv-notes__meta">{toDutchDate(typeof n.noteDate === 'string' ? n.noteDate : null)} {t('wageValue.notes.by', { name: users?.find((u) => u.id === n.createdByUserId)?.name ?? '–' })}</p>
              <p className="wv-notes__text">{typeof n.text === 'string' ? n.text : ''}</p>
              <div className="wv-row-actions">
                <button type="button" className="button" onClick={() => setForm({ uuid: n.uuid, isNew: false, noteDate: typeof n.noteDate === 'string' ? n.noteDate.slice(0, 10) : '', text: typeof n.text === 'string' ? n.text : '' })}>{t('wageValue.notes.edit')}</button>
                <button type="button" className="button" onClick={() => { if (window.confirm(t('wageValue.notes.confirmDelete'))) void wageValueActions.deleteNote(n.uuid); }}>{t('wageValue.notes.delete')}</button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
