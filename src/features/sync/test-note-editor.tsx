import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { syncApi } from '../../lib/sync-client';
import { reportError } from '../../lib/error-reporting';
import { probeWrites } from '../../domain/sync-probes/writes';

/** The editable fields of a test note: the write's own schema, so the form refuses what the worker and server would. */
const NoteFormSchema = v.object({ body: probeWrites.save.input.entries.body, title: v.pipe(v.string(), v.maxLength(200, 'sync.errors.bodyTooLong')) });
type NoteForm = v.InferOutput<typeof NoteFormSchema>;

/**
 * Edit the newest test note on this device (text and title), also offline: the helpdesk's way to show
 * that edits of one document wait, merge with changes made elsewhere per field, and arrive once.
 */
export function TestNoteEditor() {
  const { t } = useTranslation();
  const note = useReplicaQuery((r) => r.docs('syncProbes').toCollection().last(), []);
  const { register, handleSubmit, reset, formState } = useForm<NoteForm>({
    resolver: valibotResolver(NoteFormSchema),
    defaultValues: { body: '', title: '' },
  });
  const uuid = note?.uuid;
  useEffect(() => {
    // Load the note when another one becomes the newest; never overwrite what is being typed.
    if (note) reset({ body: typeof note.body === 'string' ? note.body : '', title: typeof note.title === 'string' ? note.title : '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uuid]);
  if (!note) return null;

  const save = (value: NoteForm) => syncApi().probes.save({ uuid: note.uuid, body: value.body, title: value.title }).catch(reportError);
  const error = (key: string | undefined) => (key ? t(key as 'sync.errors.bodyTooLong') : null);

  return (
    <form className="test-note" noValidate onSubmit={(e) => void handleSubmit(save)(e)} aria-labelledby="test-note-title">
      <h3 id="test-note-title" className="test-note__title">
        {t('sync.selfTest.editTitle')}
      </h3>
      <label className="field">
        <span className="field__label">{t('sync.selfTest.noteTitle')}</span>
        <input className="input" {...register('title')} aria-invalid={formState.errors.title ? true : undefined} />
        {formState.errors.title ? <span className="field__error">{error(formState.errors.title.message)}</span> : null}
      </label>
      <label className="field">
        <span className="field__label">{t('sync.selfTest.noteBody')}</span>
        <textarea className="input" rows={3} {...register('body')} aria-invalid={formState.errors.body ? true : undefined} />
        {formState.errors.body ? <span className="field__error">{error(formState.errors.body.message)}</span> : null}
      </label>
      <p className="test-note__state" data-testid="test-note-state">
        {note._pending ? t('sync.selfTest.notePending') : t('sync.selfTest.noteSaved')}
      </p>
      <button type="submit" className="button">
        {t('sync.selfTest.noteSave')}
      </button>
    </form>
  );
}
