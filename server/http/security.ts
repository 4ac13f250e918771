import type { Context, Hono, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { bodyLimit } from 'hono/body-limit';
import type { Config } from '../config';
import { authSettings } from '../auth/settings';
import { hasCookieToken } from '../auth/session';
import { BODY_LIMIT_BYTES, PAYLOAD_TOO_LARGE } from '../../src/domain/sync/push-failures';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Request bodies: 1 MB for the graph and every other route (src/domain/sync/push-failures.ts); 10 MB (+ multipart overhead) for files. */
export { BODY_LIMIT_BYTES };
export const FILE_BODY_LIMIT_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/**
 * 413 with the code PAYLOAD_TOO_LARGE, also in GraphQL's error shape, so a pushed row that is too
 * large reads as "too large" on the client, never as a refusal of the write.
 */
const tooLargeAnswer = (c: Context): Response =>
  c.json(
    {
      error: PAYLOAD_TOO_LARGE,
      messageKey: 'errors.payloadTooLarge',
      errors: [{ message: 'The request is larger than the server accepts.', extensions: { code: PAYLOAD_TOO_LARGE, limit: BODY_LIMIT_BYTES } }],
    },
    413,
  );
const fileTooLargeAnswer = (c: Context): Response => c.json({ error: 'payload_too_large', messageKey: 'messages.errors.fileTooLarge' }, 413);
const tooLarge = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: tooLargeAnswer });
const fileTooLarge = bodyLimit({ maxSize: FILE_BODY_LIMIT_BYTES, onError: fileTooLargeAnswer });

/** Origins of the Sentry DSNs the browser may report to (connect-src). */
function reportOrigins(env: NodeJS.ProcessEnv): string[] {
  const out: string[] = [];
  for (const dsn of [env.VITE_SENTRY_DSN, env.SENTRY_DSN]) {
    if (!dsn) continue;
    try {
      out.push(new URL(dsn).origin);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return out;
}

/** The content security policy: scripts, workers and connections only from the app's own origin; no inline script. */
export function contentSecurityPolicy(env: NodeJS.ProcessEnv = process.env): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // React sets style attributes through the CSSOM (allowed); charts and the QR code use inline style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...reportOrigins(env)],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameSrc: ["'self'", 'blob:'],
    frameAncestors: ["'none'"],
  };
}

/** The addresses the app is served from: PUBLIC_URL and the request's own host (any scheme a proxy ends). */
export function isOwnOrigin(request: Request, config: Pick<Config, 'publicUrl'>, origin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  try {
    if (parsed.origin === new URL(config.publicUrl).origin) return true;
  } catch {
    // a broken PUBLIC_URL allows nothing extra
  }
  const host = request.headers.get('host') ?? new URL(request.url).host;
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.host === host;
}

/** Over https, or behind a trusted proxy that says the client used https (as isHttps in auth-http.ts). */
function requestIsHttps(request: Request, trustProxy: boolean): boolean {
  if (request.url.startsWith('https:')) return true;
  return trustProxy && request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

function forbidden(code: 'origin_forbidden'): Response {
  return new Response(JSON.stringify({ error: code, messageKey: 'auth.originForbidden' }), {
    status: 403,
    headers: { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-store' },
  });
}

/**
 * Security headers on every answer (CSP, frame-ancestors 'none', nosniff, no-referrer, Permissions-Policy,
 * HSTS over https), `Cache-Control: no-store` on /api, no CORS for other origins, and a CSRF check on
 * every state change: a browser's Origin (or Sec-Fetch-Site) must be this app's own.
 */
export function mountSecurity(app: Hono, config: Config): void {
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: contentSecurityPolicy(),
      strictTransportSecurity: false,
      xFrameOptions: 'DENY',
      xContentTypeOptions: 'nosniff',
      referrerPolicy: 'no-referrer',
      crossOriginOpenerPolicy: 'same-origin',
      crossOriginResourcePolicy: 'same-origin',
      crossOriginEmbedderPolicy: false,
      originAgentCluster: '?1',
      xDnsPrefetchControl: 'off',
      xDownloadOptions: 'noopen',
      xPermittedCrossDomainPolicies: 'none',
      xXssProtection: '0',
      permissionsPolicy: {
        camera: [],
        microphone: [],
        geolocation: [],
        payment: [],
        usb: [],
        magnetometer: [],
        gyroscope: [],
        accelerometer: [],
        fullscreen: ['self'],
      },
    }),
  );
  app.use('*', async (c, next) => {
    await next();
    // On the answer's own headers, as below: c.header() would rebuild a finished answer around a stream.
    if (requestIsHttps(c.req.raw, authSettings(config).trustProxy)) c.res.headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  app.use('/api/*', async (c, next) => {
    const origin = c.req.header('origin');
    const foreign = origin !== undefined && origin !== 'null' && !isOwnOrigin(c.req.raw, config, origin);
    // OPTIONS dashboards is a real call (01 §7: the client reads the allowed methods from Allow): a same-origin
    // request, answered by its route (server/dashboards/routes.ts); still no Access-Control-Allow-* headers.
    if (c.req.method === 'OPTIONS' && c.req.path === '/api/dashboards' && !foreign) {
      await next();
      c.header('vary', 'Origin');
      return undefined;
    }
    if (c.req.method === 'OPTIONS') {
      // No CORS: a preflight from another origin gets no Access-Control-Allow-* headers, so the browser stops there.
      return new Response(null, { status: 204, headers: { 'cache-control': 'no-store', vary: 'Origin' } });
    }
    if (!SAFE_METHODS.has(c.req.method)) {
      const site = c.req.header('sec-fetch-site');
      const crossSite = site !== undefined && site !== 'same-origin' && site !== 'none';
      // Cookie or not: a sign-in from another site (login CSRF) is refused as well. Browsers send Origin on every
      // POST; a request without Origin and Sec-Fetch-Site comes from a non-browser client, which carries no victim's
      // cookie (and the cookie is SameSite=Strict besides). A cookie with a foreign Origin is the CSRF case.
      if (foreign || crossSite || (origin === 'null' && hasCookieToken(c.req.raw))) {
        return forbidden('origin_forbidden');
      }
    }
    const upload = c.req.path === '/api/files' || (c.req.path === '/api/v2/graph' && (c.req.header('content-type') ?? '').startsWith('multipart/form-data'));
    const maxSize = upload ? FILE_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
    const declared = declaredBodyLength(c.req.method, c.req.header('content-length'), c.req.header('transfer-encoding'));
    // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- Hono's route context typed with `any` input; the answer reads nothing of it
    if (declared !== null && declared > maxSize) c.res = upload ? fileTooLargeAnswer(c) : tooLargeAnswer(c);
    else if (declared !== null) await next();
    else {
      // No length given (chunked): counted while the body streams in.
      const limit: MiddlewareHandler = upload ? fileTooLarge : tooLarge;
      // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- Hono's route context typed with `any` input; the limiter reads only the raw request
      const limited: unknown = await limit(c, next);
      if (limited instanceof Response) c.res = limited;
    }
    // On the answer's own headers: c.header() on a finished answer rebuilds it around a stream of its body
    // (issue 25: a fifth of a small graph answer's server CPU).
    const headers = c.res.headers;
    headers.set('cache-control', 'no-store');
    headers.set('pragma', 'no-cache');
    headers.delete('access-control-allow-origin');
    headers.delete('access-control-allow-credentials');
    return undefined;
  });
}

/**
 * The body length a request declares, when that is all the limit needs to know: a GET or HEAD carries
 * no body (0), and Node's parser reads exactly Content-Length bytes of a request without
 * Transfer-Encoding (what follows is the next request), so the header is the body's true size.
 * Null: the body must be counted as it streams in (hono's bodyLimit). Deciding by the header leaves
 * the body unread, so the graph route reads it straight from the socket: no web stream and no
 * second Request per request (issue 25).
 */
export function declaredBodyLength(method: string, contentLength: string | undefined, transferEncoding: string | undefined): number | null {
  if (method === 'GET' || method === 'HEAD') return 0;
  if (transferEncoding !== undefined || contentLength === undefined || !/^\d+$/.test(contentLength)) return null;
  return Number(contentLength);
}
