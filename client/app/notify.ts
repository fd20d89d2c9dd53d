import type { MessageInstance } from 'antd/es/message/interface.js';
import { isValidElement, type ReactNode } from 'react';
import { isApiError } from '../api/http.js';

type MessageApi = MessageInstance;
type Kind = 'success' | 'info' | 'warning' | 'error' | 'loading';

/** Spec section 9: at most 3 toasts at once, 4000 ms by default. */
export const TOAST_MAX_COUNT = 3;
export const TOAST_DURATION_MS = 4000;

let messageApi: MessageApi | null = null;

/** Called once by <NotifyBridge> inside the ConfigProvider, so toasts use the current theme. */
export function bindNotify(api: MessageApi | null): void {
  messageApi = api;
}

/** The words a toast shows (its text, also inside elements), so two toasts saying the same thing are one toast. */
export function toastText(content: ReactNode): string {
  if (content === null || content === undefined || typeof content === 'boolean') return '';
  if (typeof content === 'string' || typeof content === 'number' || typeof content === 'bigint') return String(content);
  if (Array.isArray(content)) return content.map(toastText).join(' ');
  if (isValidElement<{ children?: ReactNode }>(content)) return toastText(content.props.children);
  return '';
}

/**
 * A toast's key is its kind and its words: showing the same message again while it is on screen restarts that
 * toast instead of stacking a copy (a double click, a retried call, a query failing on every page).
 */
export const toastKey = (kind: Kind, content: ReactNode): string => `${kind}:${toastText(content).replace(/\s+/g, ' ').trim()}`;

const show =
  (kind: Kind) =>
  (content: ReactNode, durationMs: number = kind === 'loading' ? 0 : TOAST_DURATION_MS): (() => void) => {
    const api = messageApi;
    if (!api) return () => undefined;
    const key = toastKey(kind, content);
    api.open({ key, type: kind, content, duration: durationMs / 1000 });
    return () => api.destroy(key);
  };

/** The one place toasts come from. Each call returns a function that closes the toast. */
export const notify = {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
  /** Stays until closed (pass a duration to auto-close). */
  loading: show('loading'),
};

/** An error toast for a failed call: the server's message when it sent one, else `fallback`. */
export function notifyError(error: unknown, fallback = 'Something went wrong. Please try again.'): void {
  notify.error(isApiError(error) && error.message ? error.message : fallback);
}
