import { fileTypeFromBuffer } from 'file-type';
import { checkAttachment } from '../../src/domain/messages/attachments';

/** What the bytes may be detected as, per MIME type the extension claims (file-type's names). */
const DETECTED_AS: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['application/pdf'],
  'image/png': ['image/png'],
  'image/jpeg': ['image/jpeg'],
  'image/gif': ['image/gif'],
  'image/webp': ['image/webp'],
  // Office 97-2003: an OLE compound file
  'application/msword': ['application/x-cfb'],
  'application/vnd.ms-excel': ['application/x-cfb'],
  'application/vnd.ms-powerpoint': ['application/x-cfb'],
  // Office Open XML and OpenDocument: zip containers (detected by name, or as a plain zip)
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': [
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/zip',
  ],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': [
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/zip',
  ],
  'application/vnd.oasis.opendocument.text': ['application/vnd.oasis.opendocument.text', 'application/zip'],
  'application/vnd.oasis.opendocument.spreadsheet': ['application/vnd.oasis.opendocument.spreadsheet', 'application/zip'],
};

const TEXT_TYPES = new Set(['text/plain', 'text/csv']);

/** Text must be text: valid UTF-8 without NUL or other control bytes (tab, line ends and form feed aside). */
function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  for (const b of sample) if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.length === bytes.length ? sample : sample.subarray(0, sample.length - 4));
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether an upload's bytes are what its extension says (magic bytes, via file-type): a script renamed to
 * .pdf or .png, or a binary renamed to .txt, is refused. Answers the reason key of the refusal, or null.
 */
export async function uploadContentProblem(file: File): Promise<'messages.errors.fileTypeNotAllowed' | null> {
  const check = checkAttachment(file);
  if (!check.ok) return null; // the extension and size checks answer for themselves
  const head = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
  const detected = await fileTypeFromBuffer(head);
  if (TEXT_TYPES.has(check.mime)) return detected === undefined && looksLikeText(head) ? null : 'messages.errors.fileTypeNotAllowed';
  const allowed = DETECTED_AS[check.mime];
  return detected && allowed?.includes(detected.mime) ? null : 'messages.errors.fileTypeNotAllowed';
}
