import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import { ComposeFormSchema, type ComposeInput, type ComposeOutput } from '../../domain/messages/compose-input';
import { replySubject } from '../../domain/messages/body-format';
import { recipientOfKey, replyTarget, type MessageView } from '../../domain/messages/views';
import { sendInputOf } from '../../domain/messages/writes';
import type { OutboxRow } from '../../domain/sync/outbox-machine';
import type { AttachmentMeta } from '../../domain/messages/attachments';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { reportError } from '../../lib/error-reporting';
import { AttachmentPicker } from './attachment-picker';
import { takeEditing } from './edit-draft';
import { messageActions } from './message-actions';
import { NavLink } from '../../lib/ui/nav-link';
import type { MessagePaths } from './paths';
import { RecipientCombobox } from './recipient-combobox';
import type { RecipientChoice } from './recipient-search';
import type { Me } from './use-me';
import { useMyMessages } from './use-messages';

interface ComposeFormProps {
  me: Me;
  paths: MessagePaths;
  replyTo: string | null;
  online: boolean;
}

const choiceOfKey = (key: string, name: string): RecipientChoice => ({ key, name, kind: key.startsWith('u:') ? 'user' : 'participant' });

/** htmlToText for editing a refused message: paragraphs and line breaks back to text. */
function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p>/gi, '\n\n'), 'text/html');
  return doc.body.textContent ?? '';
}

interface Initial {
  recipient: RecipientChoice | null;
  values: ComposeInput;
  replacing: string | null;
}

/** What the form starts with: a refused message being edited, a reply, or nothing. */
function initialOf(edit: OutboxRow | null, parent: MessageView | null, me: Me): Initial {
  if (edit) {
    const a = sendInputOf(edit.args);
    const rec = a.recipient as { userId?: string; participantId?: string } | undefined;
    const key = rec?.userId ? `u:${rec.userId}` : rec?.participantId ? `p:${rec.participantId}` : null;
    const name = typeof edit.patch?.recipientName === 'string' ? edit.patch.recipientName : '';
    return {
      recipient: key ? choiceOfKey(key, name) : null,
      values: {
        subject: typeof a.subject === 'string' ? a.subject : '',
        body: typeof a.body === 'string' ? htmlToText(a.body) : '',
        recipient: key ? recipientOfKey(key) : null,
        parentMessageId: typeof a.parentMessageId === 'string' ? Number(a.parentMessageId) : null,
        attachmentIds: [],
      },
      replacing: edit.clientMutationId,
    };
  }
  const target = parent ? replyTarget(parent, me.key) : null;
  return {
    recipient: target ? choiceOfKey(target.key, target.name) : null,
    values: {
      subject: parent ? replySubject(parent.subject) : '',
      body: '',
      recipient: target ? recipientOfKey(target.key) : null,
      parentMessageId: parent?.id ?? null,
      attachmentIds: [],
    },
    replacing: null,
  };
}

/** Compose and reply (01 §5: recipient, subject and content required). Works offline: queued, sent later. */
export function ComposeForm(props: ComposeFormProps) {
  const { t } = useTranslation();
  const messages = useMyMessages(props.me.key);
  const [edit] = useState(() => takeEditing());
  if (!messages) return <p role="status">{t('messages.list.loading')}</p>;
  const parent = props.replyTo ? (messages.find((m) => m.uuid === props.replyTo) ?? null) : null;
  return <ComposeFields {...props} messages={messages} parent={parent} initial={initialOf(edit, parent, props.me)} />;
}

function ComposeFields({ me, paths, online, messages, parent, initial }: ComposeFormProps & { messages: MessageView[]; parent: MessageView | null; initial: Initial }) {
  const { t } = useTranslation();
  const router = useRouter();
  const [recipient, setRecipient] = useState<RecipientChoice | null>(initial.recipient);
  const [attachments, setAttachments] = useState<AttachmentMeta[]>([]);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ComposeInput, unknown, ComposeOutput>({
    resolver: valibotResolver(ComposeFormSchema),
    defaultValues: initial.values,
  });
  const replacing = initial.replacing;

  function pick(choice: RecipientChoice | null) {
    setRecipient(choice);
    setValue('recipient', choice ? recipientOfKey(choice.key) : null, { shouldValidate: choice !== null });
  }

  const onSubmit = async (value: ComposeOutput) => {
    const uuid = uuidv7();
    try {
      await messageActions.send(
        { ...value, uuid, attachmentIds: attachments.map((a) => a.uuid) },
        {
          me: { userId: me.userId, participantId: me.participantId, name: me.name },
          recipientName: recipient?.name ?? '',
          attachments,
        },
      );
      if (replacing) await messageActions.discard(replacing);
      await router.navigate({ href: parent ? paths.open(parent.uuid, 'inbox') : paths.tab('sent') });
    } catch (error) {
      reportError(error);
    }
  };

  const message = (key: string | undefined) => (key ? t(key as 'messages.errors.generic') : undefined);
  return (
    <form className="compose" noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} aria-labelledby="compose-title">
      <h2 id="compose-title" className="compose__title">
        {t(parent ? 'messages.compose.replyTitle' : 'messages.compose.title')}
      </h2>
      {parent && <p className="compose__context">{t('messages.compose.inReplyTo', { subject: parent.subject })}</p>}
      <div className="field">
        <label htmlFor="compose-recipient" className="field__label">
          {t('messages.compose.to')}
        </label>
        <RecipientCombobox
          value={recipient}
          onChange={pick}
          me={me.key}
          messages={messages}
          online={online}
          invalid={Boolean(errors.recipient)}
          error={message(errors.recipient?.message)}
        />
        {errors.recipient && (
          <p id="compose-recipient-error" className="field__error" role="alert">
            {message(errors.recipient.message)}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="compose-subject" className="field__label">
          {t('messages.compose.subject')}
        </label>
        <input
          id="compose-subject"
          className="input"
          type="text"
          aria-invalid={Boolean(errors.subject)}
          aria-describedby={errors.subject ? 'compose-subject-error' : undefined}
          {...register('subject')}
        />
        {errors.subject && (
          <p id="compose-subject-error" className="field__error" role="alert">
            {message(errors.subject.message)}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="compose-body" className="field__label">
          {t('messages.compose.body')}
        </label>
        <textarea
          id="compose-body"
          className="input compose__body"
          rows={8}
          aria-invalid={Boolean(errors.body)}
          aria-describedby={errors.body ? 'compose-body-error compose-body-hint' : 'compose-body-hint'}
          {...register('body')}
        />
        <p id="compose-body-hint" className="field__hint">
          {t('messages.compose.bodyHint')}
        </p>
        {errors.body && (
          <p id="compose-body-error" className="field__error" role="alert">
            {message(errors.body.message)}
          </p>
        )}
      </div>
      <fieldset className="field compose__attachments">
        <legend className="field__label">{t('messages.attachments.label')}</legend>
        <AttachmentPicker value={attachments} onChange={setAttachments} />
      </fieldset>
      {!online && <p className="messages__notice">{t('messages.compose.queued')}</p>}
      <div className="compose__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('messages.compose.send')}
        </button>
        <NavLink href={parent ? paths.open(parent.uuid, 'inbox') : paths.tab('inbox')} className="button">
          {t('messages.compose.cancel')}
        </NavLink>
      </div>
    </form>
  );
}
