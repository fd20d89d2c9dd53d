/** What a handler returns when it wants a specific message or extra top-level fields in the envelope. */
export class ApiResult<T> {
  constructor(
    readonly data: T,
    readonly message: string,
    /** Extra top-level fields (login puts `token` beside `data`). */
    readonly extra: Record<string, unknown> = {},
  ) {}
}

/**
 * A whole response decided by the service, status and enveloped body (what an idempotent request stores and a
 * replay of it answers). The envelope interceptor sends it as it is, with its status.
 */
export class StoredReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export const reply = (r: { status: number; body: unknown }): StoredReply => new StoredReply(r.status, r.body);

export const ok = <T>(data: T, message: string, extra?: Record<string, unknown>): ApiResult<T> =>
  new ApiResult(data, message, extra);

export interface SuccessEnvelope<T> {
  success: true;
  message: string;
  data: T;
}

export interface ErrorEnvelope {
  success: false;
  message: string;
  code: string;
  errors?: { path: string; message: string }[];
  /** What the client needs to decide again, e.g. the new quote of a PRICE_CHANGED conflict. */
  data?: unknown;
  /** 5xx answers only: the request's id (X-Request-Id), which the server's log lines carry. */
  requestId?: string;
}
