/** Data of the not-found signal a route guard throws for refused access (shown as the 403 page). */
export const FORBIDDEN = { reason: 'forbidden' } as const;

export function isForbidden(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'reason' in data && data.reason === FORBIDDEN.reason;
}
