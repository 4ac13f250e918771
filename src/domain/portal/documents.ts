import * as v from 'valibot';

/**
 * Participant documents (participantDocuments, participantAddDocument, participantDeleteDocument).
 * The server decides the type by the file's content (magic bytes), never by name or browser type;
 * the client checks name and size before queueing, so a wrong file is refused while still on the phone.
 */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const PARTICIPANT_DOCUMENT_KIND = 5; // FileKind.participantFile (02 §9)

/** Content types a participant may upload (detected by content on the server). */
export const DOCUMENT_MIME_BY_EXT: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  heic: 'image/heic',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  doc: 'application/x-cfb',
};
export const DOCUMENT_MIMES: readonly string[] = [...new Set(Object.values(DOCUMENT_MIME_BY_EXT)), 'application/msword'];

/** The `accept` attribute: documents and the camera (image/*). */
export const DOCUMENT_ACCEPT = ['image/*', ...Object.keys(DOCUMENT_MIME_BY_EXT).map((e) => `.${e}`)].join(',');

const Uuid = v.pipe(v.string('portal.validation.invalid'), v.uuid('portal.validation.invalid'));

export const DocumentNameSchema = v.pipe(
  v.string('portal.validation.nameRequired'),
  v.trim(),
  v.minLength(1, 'portal.validation.nameRequired'),
  v.maxLength(200, 'portal.validation.nameTooLong'),
);

export const AddDocumentSchema = v.object({
  uuid: Uuid,
  name: DocumentNameSchema,
  /** Staff adding to a participant in their scope; a participant always adds to their own. */
  participantId: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type AddDocumentInput = v.InferOutput<typeof AddDocumentSchema>;

export const DeleteDocumentSchema = v.object({ uuid: Uuid });
export type DeleteDocumentInput = v.InferOutput<typeof DeleteDocumentSchema>;

export type FileCheck = { ok: true } | { ok: false; reason: 'portal.errors.fileEmpty' | 'portal.errors.fileTooLarge' | 'portal.errors.fileTypeNotAllowed' };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Client-side check before queueing (name and size; the server checks the content). */
export function checkDocumentFile(file: { name: string; size: number; type?: string }): FileCheck {
  const known = Boolean(DOCUMENT_MIME_BY_EXT[extensionOf(file.name)]) || (file.type ?? '').startsWith('image/');
  if (!known) return { ok: false, reason: 'portal.errors.fileTypeNotAllowed' };
  if (file.size <= 0) return { ok: false, reason: 'portal.errors.fileEmpty' };
  if (file.size > DOCUMENT_MAX_BYTES) return { ok: false, reason: 'portal.errors.fileTooLarge' };
  return { ok: true };
}

/** Is a content type found by the server (file-type) allowed for a participant document? */
export function isAllowedDocumentMime(mime: string | undefined): boolean {
  return mime !== undefined && DOCUMENT_MIMES.includes(mime);
}

/** "1,2 MB" style size. */
export function formatSize(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} kB`;
  return `${(size / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}
