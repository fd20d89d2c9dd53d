import { useMutation } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { ApiSuccess, HttpClient } from './http.js';

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export interface ContactMessage extends ContactInput {
  _id: string;
  createdAt: string;
}

/** POST contact: the server answers with the confirmation text the page shows. */
export function sendContactMessage(api: HttpClient, input: ContactInput): Promise<ApiSuccess<ContactMessage>> {
  return api.post<ContactMessage>('contact', input);
}

export function useSendContactMessage() {
  const api = useApi();
  return useMutation({ mutationFn: (input: ContactInput) => sendContactMessage(api, input) });
}
