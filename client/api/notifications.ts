import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';
import type { Schemas } from './types.js';

/** Issue 16: the admin screens' API (outbox emails, partner webhooks) and the CSV exports. */

export type EmailStatus = Schemas['OutboxEmailDto']['status'];

export type OutboxEmail = Schemas['OutboxEmailDto'];

export type OutboxEmailPage = Schemas['OutboxEmailPageDto'];

/** The events a partner can subscribe to (openapi.yaml's enum on CreateWebhookDto.events). */
export type WebhookEvent = Schemas['CreateWebhookDto']['events'][number];

/** Every WebhookEvent, in the order the form shows them: the compiler rejects a missing or unknown name. */
const WEBHOOK_EVENT_ORDER: Record<WebhookEvent, true> = {
  'rental.created': true,
  'rental.booked': true,
  'rental.checked_out': true,
  'rental.checked_in': true,
  'damage.reported': true,
  'rental.cancelled': true,
  'rental.rescheduled': true,
  'rental.returned': true,
  'rental.paid': true,
  'payment.succeeded': true,
  'payment.refunded': true,
  'bike.created': true,
  'bike.updated': true,
  'bike.deleted': true,
  'deposit.held': true,
  'deposit.released': true,
  'deposit.captured': true,
  'deposit.failed': true,
  'agreement.signed': true,
  'coupon.redeemed': true,
  'giftcard.purchased': true,
};
export const WEBHOOK_EVENTS = Object.keys(WEBHOOK_EVENT_ORDER) as WebhookEvent[];

export type WebhookEndpoint = Schemas['WebhookEndpointDto'] & Partial<Pick<Schemas['WebhookEndpointWithSecretDto'], 'secret'>>;

export type WebhookAttempt = Schemas['WebhookAttemptDto'];

export type WebhookDelivery = Schemas['WebhookDeliveryDto'];

export type WebhookDeliveryPage = Schemas['WebhookDeliveryPageDto'];

export const EMAILS_PAGE_SIZE = 20;

const keys = {
  emails: (page: number) => ['notifications', 'emails', page] as const,
  email: (id: string) => ['notifications', 'email', id] as const,
  webhooks: ['webhooks'] as const,
  deliveries: (endpointId: string, page: number) => ['webhooks', 'deliveries', endpointId, page] as const,
  delivery: (id: string) => ['webhooks', 'delivery', id] as const,
};

export const emailsQuery = (api: HttpClient, page: number) =>
  queryOptions({
    queryKey: keys.emails(page),
    queryFn: async () => (await api.get<OutboxEmailPage>('notifications/emails', { query: { page, limit: EMAILS_PAGE_SIZE } })).data,
  });

export function useEmails(page: number) {
  const api = useApi();
  return useQuery({ ...emailsQuery(api, page), placeholderData: keepPreviousData });
}

export function useEmail(id: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: keys.email(id ?? ''),
    queryFn: async () => (await api.get<OutboxEmail>(`notifications/emails/${encodeURIComponent(id!)}`)).data,
    enabled: Boolean(id),
  });
}

export const webhooksQuery = (api: HttpClient) =>
  queryOptions({ queryKey: keys.webhooks, queryFn: async () => (await api.get<WebhookEndpoint[]>('webhooks')).data });

export function useWebhooks() {
  return useQuery(webhooksQuery(useApi()));
}

export function useDeliveries(endpointId: string | null, page = 1) {
  const api = useApi();
  return useQuery({
    queryKey: keys.deliveries(endpointId ?? '', page),
    queryFn: async () => (await api.get<WebhookDeliveryPage>(`webhooks/${encodeURIComponent(endpointId!)}/deliveries`, { query: { page, limit: 20 } })).data,
    enabled: Boolean(endpointId),
    placeholderData: keepPreviousData,
  });
}

export function useDelivery(id: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: keys.delivery(id ?? ''),
    queryFn: async () => (await api.get<WebhookDelivery>(`webhooks/deliveries/${encodeURIComponent(id!)}`)).data,
    enabled: Boolean(id),
  });
}

function useWebhookMutation<V, R>(fn: (api: HttpClient, v: V) => Promise<R>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (v: V) => fn(api, v), onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.webhooks }) });
}

export const useCreateWebhook = () =>
  useWebhookMutation(async (api, body: { url: string; events: string[]; description?: string }) => (await api.post<WebhookEndpoint>('webhooks', body)).data);
export const useUpdateWebhook = () =>
  useWebhookMutation(
    async (api, { id, ...body }: { id: string; url?: string; events?: string[]; description?: string; enabled?: boolean }) =>
      (await api.request<WebhookEndpoint>('PATCH', `webhooks/${encodeURIComponent(id)}`, { body })).data,
  );
export const useDeleteWebhook = () => useWebhookMutation(async (api, id: string) => (await api.delete<null>(`webhooks/${encodeURIComponent(id)}`)).data);
export const useTestWebhook = () => useWebhookMutation(async (api, id: string) => (await api.post<WebhookDelivery>(`webhooks/${encodeURIComponent(id)}/test`)).data);
export const useResendDelivery = () =>
  useWebhookMutation(async (api, id: string) => (await api.post<WebhookDelivery>(`webhooks/deliveries/${encodeURIComponent(id)}/resend`)).data);

export type ExportKind = 'rentals' | 'payments' | 'users' | 'gift-cards';

export interface ExportProgress {
  rows: number;
  total: number | null;
}

/**
 * Downloads an export while counting its lines as they stream in (the server announces the total in
 * X-Export-Rows), then hands the CSV to the browser as a file.
 */
export async function downloadExport(kind: ExportKind, onProgress: (p: ExportProgress) => void, signal?: AbortSignal): Promise<void> {
  const res = await fetch(`/api/exports/${kind}`, { credentials: 'same-origin', signal });
  if (!res.ok || !res.body) throw new Error(`The export failed (${res.status})`);
  const total = Number(res.headers.get('x-export-rows'));
  const reader = res.body.getReader();
  const parts: BlobPart[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    onProgress({ rows: Math.max(0, lines - 1), total: Number.isFinite(total) ? total : null });
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `okaybike-${kind}.csv`;
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
