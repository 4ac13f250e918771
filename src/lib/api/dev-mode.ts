/**
 * Whether the server runs in development mode (`npm run dev`): `GET /api/dev/mode` exists only there
 * (server/http/auth-dev-routes.ts). The /development/* pages show "not found" otherwise (issue 24).
 */
export async function serverInDevelopment(): Promise<boolean> {
  try {
    const res = await fetch('/api/dev/mode', { credentials: 'include', headers: { accept: 'application/json' } });
    if (!res.ok) return false;
    const body = (await res.json()) as { development?: unknown };
    return body.development === true;
  } catch {
    return false;
  }
}
