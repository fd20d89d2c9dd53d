/**
 * The one HTTP client of the web app. The same fetchers run in route loaders on the server (loopback base URL,
 * the visitor's Cookie header forwarded) and in the browser (same origin, cookie sent by the browser).
 */

export interface ApiSuccess<T> {
  success: true;
  message: string;
  data: T;
  /** Login puts the token beside `data`; the web app never reads it (the session lives in an httpOnly cookie). */
  token?: string;
}

export interface FieldError {
  path: string;
  message: string;
}

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
}

export interface HttpClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<ApiSuccess<T>>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<ApiSuccess<T>>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<ApiSuccess<T>>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<ApiSuccess<T>>;
  delete<T>(path: string, options?: RequestOptions): Promise<ApiSuccess<T>>;
}

export interface HttpClientOptions {
  /** Origin of the API ('' in the browser: same origin). Paths are resolved under `${baseUrl}/api/`. */
  baseUrl: string;
  /** Cookie header to forward (server side only; the browser sends its own). */
  cookie?: string;
  timeoutMs?: number;
}

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const url = `${baseUrl}/api/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

export function createHttpClient({ baseUrl, cookie, timeoutMs = 15_000 }: HttpClientOptions): HttpClient {
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiSuccess<T>> {
    // x-okb-client: the shop's own pages get image paths rather than absolute URLs (src/common/public-urls.ts).
    const headers: Record<string, string> = { accept: 'application/json', 'x-okb-client': 'web', ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (cookie) headers.cookie = cookie;
    const timeout = AbortSignal.timeout(timeoutMs);
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
    const envelope = body as { success?: boolean; message?: unknown; code?: string; errors?: FieldError[] };
    if (!response.ok || envelope.success === false) {
      throw new ApiError(
        'http',
        typeof envelope.message === 'string' && envelope.message ? envelope.message : `Request failed (${response.status})`,
        response.status,
        envelope.code ?? `HTTP_${response.status}`,
        Array.isArray(envelope.errors) ? envelope.errors : [],
      );
    }
    return body as ApiSuccess<T>;
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}
