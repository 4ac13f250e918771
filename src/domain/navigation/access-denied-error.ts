/** Thrown by a route guard when the signed-in user may not open the route: the 403 page shows. */
export class AccessDeniedError extends Error {
  override name = 'AccessDeniedError';
  constructor(readonly pathname: string) {
    super(`Access denied: ${pathname}`);
  }
}
