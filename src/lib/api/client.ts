import { IMITATE_USER_HEADER } from '../../domain/shared/constants';
import { DEVICE_HEADER, deviceId } from '../device/device-id';
import { ApiError, isAbortError, NetworkError, reasonParams, UNEXPECTED_EMPTY_RESPONSE, type ReasonParams } from './api-error';
import { catalogueAction } from './error-catalogue';
import { runCatalogueAction } from './effects';
import { imitatedUserId } from './identity-chain-cookie';

export interface ApiOptions {
  /**
   * Carry out the error catalogue (01 §8) when the answer holds one of its codes (default true).
   * Sign-in screens turn it off: they show the error next to the form instead.
   */
  catalogue?: boolean;
  signal?: AbortSignal;
}

export const GRAPH_ENDPOINT = '/api/v2/graph';

/**
 * The one fetch of the app: sends the session cookie (`credentials: 'include'`) and, while impersonating,
 * the x-imitate-user header with the last id of the identity chain. Cancelled requests pass through as
 * they are; an unreachable server becomes a NetworkError.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  const imitated = imitatedUserId();
  if (imitated !== null) headers.set(IMITATE_USER_HEADER, String(imitated));
  // Every request names this browser profile (issue 36: the device registry, revocation and wipe).
  if (!headers.has(DEVICE_HEADER)) headers.set(DEVICE_HEADER, deviceId());
  try {
    return await fetch(path, { ...init, headers, credentials: 'include' });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError(error);
  }
}

function field(body: unknown, key: string): string | null {
  if (typeof body !== 'object' || body === null || !(key in body)) return null;
  const value: unknown = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Raises the error, after carrying out its catalogue action when asked to. */
async function fail(error: ApiError, options: ApiOptions): Promise<never> {
  if (options.catalogue !== false) await runCatalogueAction(catalogueAction(error.code, error.hint));
  throw error;
}

/**
 * A REST call answering JSON. Errors come as `{error, message, messageKey, params?, hint?}` (01 §8;
 * messageKey is the reason code the screens translate);
 * an empty 200 answer is the error 'Unexpected empty response'.
 */
export async function restJson<T = unknown>(path: string, init: RequestInit = {}, options: ApiOptions = {}): Promise<T> {
  const response = await apiFetch(path, { ...init, signal: options.signal ?? init.signal ?? null });
  const body = await readBody(response);
  if (!response.ok) {
    return fail(
      new ApiError({
        code: field(body, 'error'),
        message: field(body, 'message') ?? response.statusText,
        hint: field(body, 'hint'),
        messageKey: field(body, 'messageKey'),
        params: typeof body === 'object' && body !== null && 'params' in body ? reasonParams(body.params) : null,
        status: response.status,
      }),
      options,
    );
  }
  if (body === undefined) throw new ApiError({ code: 'empty_response', message: UNEXPECTED_EMPTY_RESPONSE, status: response.status });
  return body as T;
}

/** JSON body helper for restJson. */
export function jsonBody(value: unknown): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

interface GraphErrorShape {
  message?: unknown;
  extensions?: { code?: unknown; hint?: unknown; reason?: unknown; params?: unknown };
}

/**
 * A query or mutation on the graph endpoint (01 §7). Top-level errors are joined with commas into one
 * message; the first error's extensions.code decides the catalogue action.
 */
export async function graphRequest<T>(query: string, variables: Record<string, unknown> = {}, options: ApiOptions = {}): Promise<T> {
  const response = await apiFetch(GRAPH_ENDPOINT, { ...jsonBody({ query, variables }), signal: options.signal ?? null });
  const body = await readBody(response);
  if (body === undefined || body === null || typeof body !== 'object') {
    if (response.ok) throw new ApiError({ code: 'empty_response', message: UNEXPECTED_EMPTY_RESPONSE, status: response.status });
    throw new ApiError({ code: null, message: response.statusText, status: response.status });
  }
  const errors = (body as { errors?: GraphErrorShape[] }).errors;
  if (Array.isArray(errors) && errors.length > 0) {
    const coded = errors.find((e) => typeof e.extensions?.code === 'string');
    const message = errors.map((e) => (typeof e.message === 'string' ? e.message : '')).filter(Boolean).join(', ');
    return fail(
      new ApiError({
        code: typeof coded?.extensions?.code === 'string' ? coded.extensions.code : null,
        hint: typeof coded?.extensions?.hint === 'string' ? coded.extensions.hint : null,
        messageKey: typeof coded?.extensions?.reason === 'string' ? coded.extensions.reason : null,
        params: reasonParams(coded?.extensions?.params),
        message,
        status: response.status,
      }),
      options,
    );
  }
  const data = (body as { data?: unknown }).data;
  if (data === undefined || data === null) throw new ApiError({ code: 'empty_response', message: UNEXPECTED_EMPTY_RESPONSE, status: response.status });
  return data as T;
}

/** A mutation's answer: success, and the reason code (an i18n key) with its params when it failed. */
export interface MutationResult {
  success: boolean;
  reason: string | null;
  params?: ReasonParams | null;
}

/** A mutation answering {success, reason, params?} under `name`; success false is answered, not thrown, so forms keep what was typed. */
export async function graphMutation(name: string, mutation: string, variables: Record<string, unknown>, options: ApiOptions = {}): Promise<MutationResult> {
  const data = await graphRequest<Record<string, MutationResult | undefined>>(mutation, variables, options);
  const result = data[name];
  if (!result) throw new ApiError({ code: 'empty_response', message: UNEXPECTED_EMPTY_RESPONSE, status: 200 });
  return result;
}
