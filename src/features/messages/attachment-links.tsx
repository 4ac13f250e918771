import { useTranslation } from 'react-i18next';
import { formatBytes, type AttachmentMeta } from '../../domain/messages/attachments';

/** Downloads of a message's attachments (GET /api/files/:uuid answers them as attachments). */
export function AttachmentLinks({ attachments }: { attachments: readonly AttachmentMeta[] }) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <ul className="message-attachments" aria-label={t('messages.attachments.label')}>
      {attachments.map((a) => (
        <li key={a.uuid}>
          <a href={`/api/files/${a.uuid}`} download={a.name} className="message-attachments__link">
            {t('messages.attachments.download', { name: a.name, size: formatBytes(a.size) })}
          </a>
        </li>
      ))}
    </ul>
  );
}
