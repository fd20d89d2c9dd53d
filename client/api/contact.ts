import { useMutation } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { ApiSuccess, HttpClient } from './http.js';
import type { Schemas } from './types.js';

export type ContactInput = Schemas['CreateContactMessageDto'];

export type ContactMessage = Schemas['ContactMessageDto'];

/** POST contact: the server answers with the confirmation text the page shows. */
export function sendContactMessage(api: HttpClient, input: ContactInput): Promise<ApiSuccess<ContactMessage>> {
  return api.post<ContactMessage>('contact', input);
}

export function useSendContactMessage() {
  const api = useApi();
  return useMutation({ mutationFn: (input: ContactInput) => sendContactMessage(api, input) });
}
