/**
 * The one HTTP client of the web app. The same fetchers run in route loaders on the server (loopback base URL,
 * the visitor's Cookie header forwarded) and in the browser (same origin, cookie sent by the browser).
 */

import type { Schemas } from './types.js';

export interface ApiSuccess<T> {
  success: true;
  message: string;
  data: T;
  /** Login puts the token beside `data`; the web app never reads it (the session lives in an httpOnly cookie). */
  token?: string;
}

/** One entry of a 400's `errors` (ErrorEnvelopeDto in openapi.yaml). */
export type FieldError = Schemas['FieldErrorDto'];

export type ApiErrorKind = 'http' | 'network' | 'parse' | 'timeout';

/** Every failed call: a server answer (`http`, with the server's message), or no usable answer at all. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status = 0,
    readonly code = kind.toUpperCase(),
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** This request's own limit, below the client's (a listing fails fast rather than showing nothing for long). */
  timeoutMs?: number;
}

export interface HttpClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<ApiSuccess<T>>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<ApiSuccess<T>>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<ApiSuccess<T>>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<ApiSuccess<T>>;
  delete<T>(path: string, options?: RequestOptions): Promise<ApiSuccess<T>>;
}

/** An API answer produced without HTTP (server renders only): status and the JSON body the API would send. */
export interface LocalAnswer {
  status: number;
  body: unknown;
}

/**
 * Server renders: the API in-process (src/ssr/local-api.ts), as the page request's caller: every bodiless call goes
 * through the API's own router in memory, none over loopback HTTP. The browser never has one: it uses the REST API.
 */
export type LocalApi = (method: string, path: string, query: Record<string, string>) => Promise<LocalAnswer>;

export interface HttpClientOptions {
  /** Origin of the API ('' in the browser: same origin). Paths are resolved under `${baseUrl}/api/`. */
  baseUrl: string;
  /** Cookie header to forward (server side only; the browser sends its own). */
  cookie?: string;
  timeoutMs?: number;
  local?: LocalApi;
  /**
   * Browser only: a Bearer token to send instead of relying on the cookie (the booking widget's frame on another
   * site, where the browser keeps no third-party cookie: client/lib/embed-session.ts). Null: the cookie as always.
   */
  bearerToken?: () => string | null;
  /**
   * Browser only: the page's language, sent as Accept-Language so the API's error messages read in the language of
   * the page (a German page in an English browser), not the browser's. Undefined: the browser's own header.
   */
  language?: () => string | undefined;
}

/** The query as the URL carries it: empty values dropped, the rest as strings. */
function queryStrings(query: Query | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  }
  return out;
}

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const url = `${baseUrl}/api/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const search = new URLSearchParams(queryStrings(query)).toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/** Reads an API answer: the data on success, an ApiError with the server's message otherwise. */
function readAnswer<T>(status: number, body: unknown): ApiSuccess<T> {
  const envelope = body as { success?: boolean; message?: unknown; code?: string; errors?: FieldError[] };
  if (status < 200 || status >= 300 || envelope.success === false) {
    throw new ApiError(
      'http',
      typeof envelope.message === 'string' && envelope.message ? envelope.message : `Request failed (${status})`,
      status,
      envelope.code ?? `HTTP_${status}`,
      Array.isArray(envelope.errors) ? envelope.errors : [],
    );
  }
  return body as ApiSuccess<T>;
}

export function createHttpClient({ baseUrl, cookie, timeoutMs = 15_000, local, bearerToken, language }: HttpClientOptions): HttpClient {
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiSuccess<T>> {
    if (local && options.body === undefined) {
      const answer = await local(method, path.replace(/^\/+/, ''), queryStrings(options.query));
      return readAnswer<T>(answer.status, answer.body);
    }
    // x-okb-client: the shop's own pages get image paths rather than absolute URLs (src/common/public-urls.ts).
    const headers: Record<string, string> = { accept: 'application/json', 'x-okb-client': 'web', ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (cookie) headers.cookie = cookie;
    const bearer = bearerToken?.();
    if (bearer && !headers.authorization) headers.authorization = `Bearer ${bearer}`;
    const lang = language?.();
    if (lang && !Object.keys(headers).some((name) => name.toLowerCase() === 'accept-language')) headers['accept-language'] = lang;
    const timeout = AbortSignal.timeout(Math.min(options.timeoutMs ?? timeoutMs, timeoutMs));
    const signal = options.signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([options.signal, timeout]) : (options.signal ?? timeout);

    let response: Response;
    try {
      response = await fetch(buildUrl(baseUrl, path, options.query), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'same-origin',
        signal,
      });
    } catch (error) {
      if (timeout.aborted) throw new ApiError('timeout', 'The server took too long to answer. Please try again.');
      if (options.signal?.aborted) throw error;
      throw new ApiError('network', 'Could not reach the server. Check your connection and try again.');
    }

    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      throw new ApiError('parse', 'The server sent an answer we could not read.', response.status);
    }
    return readAnswer<T>(response.status, body);
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}
