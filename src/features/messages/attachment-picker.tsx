import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_ACCEPT, MAX_ATTACHMENTS, checkAttachment, formatBytes, type AttachmentMeta } from '../../domain/messages/attachments';
import { reasonKeyOf } from '../../domain/messages/reasons';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { queueFileWrite } from '../../lib/replica/queued-writes';

interface Uploading {
  key: string;
  name: string;
  percent: number;
  error: string | null;
}

interface AttachmentPickerProps {
  value: AttachmentMeta[];
  onChange: (next: AttachmentMeta[]) => void;
}

/**
 * Attachments of a message being written: checked here (type, 10 MB, room on the device), queued in the
 * outbox with their bytes (offline too) ahead of the message that names them, removable (docs/writes.md, "Files").
 */
export function AttachmentPicker({ value, onChange }: AttachmentPickerProps) {
  const { t } = useTranslation();
  const [uploads, setUploads] = useState<Uploading[]>([]);
  const translate = (message: string | null) => {
    const key = reasonKeyOf(message);
    return key ? t(key) : (message ?? t('messages.attachments.failed'));
  };
  const update = (key: string, patch: Partial<Uploading>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  const add = (files: FileList | null) => {
    if (!files) return;
    let added = value;
    for (const file of Array.from(files)) {
      const key = `${file.name}-${file.size}-${Date.now()}-${Math.random()}`;
      const check = checkAttachment(file);
      if (!check.ok || added.length + uploads.filter((u) => !u.error).length >= MAX_ATTACHMENTS) {
        const reason = check.ok ? 'messages.errors.tooManyAttachments' : check.reason;
        setUploads((list) => [...list, { key, name: file.name, percent: 0, error: t(reason) }]);
        continue;
      }
      const meta: AttachmentMeta = { uuid: uuidv7(), name: file.name, mime: check.mime, size: file.size };
      setUploads((list) => [...list, { key, name: file.name, percent: 0, error: null }]);
      void queueFileWrite('messages.addAttachment', { uuid: meta.uuid, name: meta.name }, file, file.name)
        .then((outcome) => {
          if (outcome.ok) {
            setUploads((list) => list.filter((u) => u.key !== key));
            added = [...added, meta];
            onChange(added);
          } else update(key, { error: translate(outcome.reason) });
        })
        .catch(() => update(key, { error: translate(null) }));
    }
  };

  return (
    <div className="attachment-picker">
      {value.length > 0 && (
        <ul className="attachment-picker__list">
          {value.map((a) => (
            <li key={a.uuid}>
              <span>
                {a.name} ({formatBytes(a.size)})
              </span>
              <button
                type="button"
                className="button button--small"
                onClick={() => onChange(value.filter((x) => x.uuid !== a.uuid))}
                aria-label={t('messages.attachments.remove', { name: a.name })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {uploads.length > 0 && (
        <ul className="attachment-picker__list">
          {uploads.map((u) => (
            <li key={u.key} className={u.error ? 'attachment-picker__error' : undefined}>
              <span>{u.name}</span>
              {u.error ? (
                <>
                  <span role="alert">{u.error}</span>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}
                    aria-label={t('messages.attachments.remove', { name: u.name })}
                  >
                    ×
                  </button>
                </>
              ) : (
                <progress max={100} value={u.percent} aria-label={t('messages.attachments.uploading', { percent: u.percent })} />
              )}
            </li>
          ))}
        </ul>
      )}
      <label className="button attachment-picker__add">
          {t('messages.attachments.add')}
          <input
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            className="visually-hidden"
            data-testid="attachment-input"
            onChange={(e) => {
              add(e.target.files);
              e.target.value = '';
            }}
          />
        </label>
      <p className="field__hint">{t('messages.attachments.limits')}</p>
    </div>
  );
}
