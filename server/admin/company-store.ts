import { fileTypeFromBuffer } from 'file-type';
import type { Queryable } from '../db/db';
import { LOGO_MAX_BYTES } from '../../src/domain/shared/constants';
import { logoProblem } from '../../src/domain/company-settings/settings-input';

/** The address the app loads the company logo from (01 §7 REST "logo address"); the version busts caches. */
export const logoUri = (version: number): string => `/api/instantie/logo?v=${version}`;

export interface StoredImage {
  mime: string;
  data: Buffer;
}

/**
 * Checks an uploaded image: size first, then the type read from the bytes (never the name or the
 * browser's claim). Answers the image or the reason key.
 */
export async function readImage(file: File, maxBytes: number, allowed: (mime: string) => boolean, typeReason: string): Promise<StoredImage | { reason: string }> {
  if (file.size === 0) return { reason: 'admin.errors.settings.logoEmpty' };
  if (file.size > maxBytes) return { reason: maxBytes === LOGO_MAX_BYTES ? 'admin.errors.settings.logoTooLarge' : 'admin.errors.profile.avatarTooLarge' };
  const data = Buffer.from(await file.arrayBuffer());
  const type = await fileTypeFromBuffer(data);
  const mime = type?.mime === 'image/x-ms-bmp' ? 'image/bmp' : (type?.mime ?? null);
  if (mime === null || !allowed(mime)) return { reason: typeReason };
  return { mime, data };
}

/** A logo upload checked by the spec's rules (01 §5). */
export async function readLogo(file: File): Promise<StoredImage | { reason: string }> {
  return readImage(file, LOGO_MAX_BYTES, (mime) => logoProblem(1, mime, LOGO_MAX_BYTES) === null, 'admin.errors.settings.logoType');
}

export async function loadLogo(db: Queryable, companyId: number): Promise<(StoredImage & { updatedAt: Date }) | null> {
  const { rows } = await db.query<{ mime: string; data: Buffer | Uint8Array; updated_at: Date }>(
    'SELECT mime, data, updated_at FROM company_logos WHERE company_id = $1',
    [companyId],
  );
  const row = rows[0];
  return row ? { mime: row.mime, data: Buffer.from(row.data), updatedAt: row.updated_at } : null;
}
