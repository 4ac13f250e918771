import { todayIso } from '../../domain/format/format';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import type * as v from 'valibot';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { toDutchDate } from '../../domain/wage-value/numbers';
import { NoteFormSchema } from './form-schemas';
import { DateField } from '../../lib/ui/date-field';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { wageValueActions } from './actions';
import { usePlan, usePlanNotes, useParticipants, useStaffUsers } from './queries';
import { useWageValueMe } from './use-me';
import { OutboxIssues } from './outbox-issues';
import './wage-value.css';

const today = (): string => todayIso();
type NoteValues = v.InferInput<typeof NoteFormSchema>;
type Editing = { uuid: string; isNew: boolean; noteDate: string; text: string };

/** Notes of a planning row (02 §2): newest first; add, edit, delete (confirmed). */
export function PlanNotesPage({ planKey }: { planKey: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('wageValue.notes.title'));
  const plan = usePlan(planKey);
  const notes = usePlanNotes(typeof plan?.id === 'number' ? plan.id : null);
  const participants = useParticipants();
  const users = useStaffUsers();
  const me = useWageValueMe();
  const [form, setForm] = useState<Editing | null>(null);
  if (plan === undefined) return <p aria-live="polite">{t('wageValue.search.loading')}</p>;
  if (plan === null) return <p className="alert alert--error" role="alert">{t('wageValue.notes.notFound')}</p>;
  const participant = participants?.find((p) => p.id === plan.participantId)?.name ?? '';
  async function save(note: Editing, values: v.InferOutput<typeof NoteFormSchema>): Promise<string | null> {
    if (!plan) return null;
    const input = { uuid: note.uuid, planUuid: plan.uuid, noteDate: values.noteDate, text: values.text };
    const answer = note.isNew
      ? await wageValueActions.addNote(input, { planId: typeof plan.id === 'number' ? plan.id : undefined, createdByUserId: me?.userId })
      : await wageValueActions.updateNote(input);
    if (!answer.queued) return answer.reason ?? 'wageValue.actions.failed';
    setForm(null);
    return null;
  }
  return (
    <section className="wv-page" aria-labelledby="wv-notes-title">
      <header className="wv-page__header">
        <h1 id="wv-notes-title">{t('wageValue.notes.title')}: {participant}</h1>
        <Link to="/wage-value/measurement/planning">{t('wageValue.notes.back')}</Link>
      </header>
      <OutboxIssues collections={['wageValuePlanNotes']} />
      {!form ? <button type="button" className="button button--primary" onClick={() => setForm({ uuid: uuidv7(), isNew: true, noteDate: today(), text: '' })}>{t('wageValue.notes.add')}</button> : (
        <NoteForm key={form.uuid} note={form} onSave={(values) => save(form, values)} onCancel={() => setForm(null)} />
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

/**
 * A note's date and text: react-hook-form with the write's schema (PlanNoteSchema's fields), the
 * project's date field (dd-mm-jjjj); a message goes as soon as its field is valid, focus moves to the
 * first error, a refusal before queueing is shown and focused with the text kept.
 */
function NoteForm({ note, onSave, onCancel }: { note: Editing; onSave: (values: v.InferOutput<typeof NoteFormSchema>) => Promise<string | null>; onCancel: () => void }) {
  const { t } = useTranslation();
  const reasonRef = useRef<HTMLParagraphElement>(null);
  const { register, control, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<NoteValues, unknown, v.InferOutput<typeof NoteFormSchema>>({
    defaultValues: { noteDate: note.noteDate, text: note.text },
    resolver: valibotResolver(NoteFormSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const message = (e: { message?: string } | undefined): string | null => (e?.message ? t(e.message as 'wageValue.errors.required') : null);
  const dateError = message(errors.noteDate);
  const textError = message(errors.text);
  const serverReason = message(errors.root?.server);
  useEffect(() => {
    // A refusal before queueing takes the focus (the input stays as typed).
    if (serverReason) reasonRef.current?.focus();
  }, [serverReason]);
  const submit = handleSubmit(async (values) => {
    const reason = await onSave(values);
    if (reason) {
      setError('root.server', { type: 'refused', message: reason });
    }
  });
  return (
    <form className="card" aria-label={t('wageValue.notes.add')} noValidate onSubmit={(e) => void submit(e)}>
      <div className="field">
        <label className="field__label" htmlFor="note-date">{t('wageValue.notes.noteDate')}</label>
        <Controller control={control} name="noteDate" render={({ field }) => (
          <span className="wv-date-wrap" ref={(el) => field.ref(el?.querySelector('input') ?? null)}>
            <DateField id="note-date" name={field.name} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur}
              aria-invalid={dateError ? true : undefined} aria-describedby={dateError ? 'note-date-error' : undefined} />
          </span>
        )} />
        {dateError ? <span id="note-date-error" className="field__error">{dateError}</span> : null}
      </div>
      <div className="field">
        <label className="field__label" htmlFor="note-text">{t('wageValue.notes.text')}</label>
        <textarea id="note-text" className="input wv-textarea" {...register('text')}
          aria-invalid={textError ? true : undefined} aria-describedby={textError ? 'note-text-error' : undefined} />
        {textError ? <span id="note-text-error" className="field__error">{textError}</span> : null}
      </div>
      {serverReason ? <p ref={reasonRef} className="alert alert--error" role="alert" tabIndex={-1}>{serverReason}</p> : null}
      <div className="wv-step__actions">
        <button type="button" className="button" onClick={onCancel}>{t('wageValue.notes.cancel')}</button>
        <button type="submit" className="button button--primary" disabled={isSubmitting}>{t('wageValue.notes.save')}</button>
      </div>
    </form>
  );
}
