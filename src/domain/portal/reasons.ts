/** Reason codes the server answers for portal writes; the client translates them (portal area texts). */
export const PORTAL_REASONS = [
  'portal.errors.notFound',
  'portal.errors.invalid',
  'portal.errors.fileMissing',
  'portal.errors.fileEmpty',
  'portal.errors.fileTooLarge',
  'portal.errors.fileTypeNotAllowed',
  'portal.errors.pictureTypeNotAllowed',
  'portal.errors.pictureTooLarge',
  'portal.errors.notOwnDocument',
  'portal.errors.alreadyApplied',
  'portal.errors.workplaceFull',
  'portal.errors.notAllowed',
] as const;
export type PortalReason = (typeof PORTAL_REASONS)[number];

export function isPortalReason(value: unknown): value is PortalReason {
  return typeof value === 'string' && (PORTAL_REASONS as readonly string[]).includes(value);
}
