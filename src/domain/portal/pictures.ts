import * as v from 'valibot';

/**
 * Profile and homepage pictures (01 §3 user settings, §5 "PNG or JPG with a size limit", §9 cache `user`).
 * The phone scales a photo down before sending (weak connections), the server checks the content.
 */
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const PICTURE_MIMES = ['image/png', 'image/jpeg'] as const;
export const PICTURE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';
/** The browser Cache the pictures are kept in (01 §9). */
export const PICTURE_CACHE = 'user';
/** Longest side after scaling on the phone. */
export const PICTURE_MAX_SIDE = 1280;

export const PICTURE_KINDS = ['profile', 'homepage'] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];

/** File kinds of 02 §9: user avatar (14) for the profile picture, participant homepage picture (15). */
export const PICTURE_FILE_KIND: Readonly<Record<PictureKind, number>> = { profile: 14, homepage: 15 };
/** The user settings field that holds the picture's file uuid. */
export const PICTURE_SETTING: Readonly<Record<PictureKind, 'profilePicture' | 'homepagePicture'>> = { profile: 'profilePicture', homepage: 'homepagePicture' };

export const SetPictureSchema = v.object({
  uuid: v.pipe(v.string('portal.validation.invalid'), v.uuid('portal.validation.invalid')),
  kind: v.picklist(PICTURE_KINDS, 'portal.validation.invalid'),
});
export type SetPictureInput = v.InferOutput<typeof SetPictureSchema>;

export type PictureCheck = { ok: true } | { ok: false; reason: 'portal.errors.pictureTypeNotAllowed' | 'portal.errors.pictureTooLarge' | 'portal.errors.fileEmpty' };

export function checkPicture(file: { size: number; type: string }): PictureCheck {
  if (!(PICTURE_MIMES as readonly string[]).includes(file.type)) return { ok: false, reason: 'portal.errors.pictureTypeNotAllowed' };
  if (file.size <= 0) return { ok: false, reason: 'portal.errors.fileEmpty' };
  if (file.size > PICTURE_MAX_BYTES) return { ok: false, reason: 'portal.errors.pictureTooLarge' };
  return { ok: true };
}

/** Where a picture is downloaded from (and the key it has in the `user` cache). */
export function pictureUrl(uuid: string): string {
  return `/api/portal/pictures/${uuid}`;
}
