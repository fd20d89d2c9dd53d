import type { MessageInstance } from 'antd/es/message/interface.js';
import type { ReactNode } from 'react';
import { isApiError } from '../api/http.js';

type MessageApi = MessageInstance;

/** Spec section 9: at most 3 toasts at once, 4000 ms by default. */
export const TOAST_MAX_COUNT = 3;
export const TOAST_DURATION_MS = 4000;

let messageApi: MessageApi | null = null;

/** Called once by <NotifyBridge> inside the ConfigProvider, so toasts use the current theme. */
export function bindNotify(api: MessageApi | null): void {
  messageApi = api;
}

const show =
  (kind: 'success' | 'info' | 'warning' | 'error' | 'loading') =>
  (content: ReactNode, durationMs: number = kind === 'loading' ? 0 : TOAST_DURATION_MS): (() => void) => {
    if (!messageApi) return () => undefined;
    const close = messageApi.open({ type: kind, content, duration: durationMs / 1000 });
    return () => close();
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
