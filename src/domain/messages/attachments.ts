/** Attachment limits of messages (issue 5): at most 10 MB, pdf, images, Office documents and text. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS = 5;

/** Allowed types: MIME type by file extension (the extension decides; the browser's type is a hint only). */
export const ATTACHMENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  txt: 'text/plain',
  csv: 'text/csv',
};

/** The `accept` attribute of the file input. */
export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

export interface AttachmentMeta {
  uuid: string;
  name: string;
  mime: string;
  size: number;
}

export type AttachmentCheck =
  | { ok: true; mime: string }
  | { ok: false; reason: 'messages.errors.fileTooLarge' | 'messages.errors.fileTypeNotAllowed' | 'messages.errors.fileEmpty' };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Checks a file before upload (client) and on receipt (server). */
export function checkAttachment(file: { name: string; size: number }): AttachmentCheck {
  const mime = ATTACHMENT_TYPES[extensionOf(file.name)];
  if (!mime) return { ok: false, reason: 'messages.errors.fileTypeNotAllowed' };
  if (file.size <= 0) return { ok: false, reason: 'messages.errors.fileEmpty' };
  if (file.size > ATTACHMENT_MAX_BYTES) return { ok: false, reason: 'messages.errors.fileTooLarge' };
  return { ok: true, mime };
}

/** "1,2 MB" style size for lists. */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} kB`;
  return `${(size / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}
