import { useQuery } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import { ApiError, type HttpClient } from './http.js';
import { useApiMutation } from './mutations.js';
import { queryKeys } from './query-keys.js';
import type { Schemas } from './types.js';

/** The counter (issue 22): a scanned unit, its rentals, check-out, check-in, photos and damage reports. */
export type UnitSummary = Schemas['UnitSummaryDto'];
export type CounterUnit = Schemas['CounterUnitDto'];
export type CounterRental = Schemas['CounterRentalDto'];
export type DamageReport = Schemas['DamageReportDto'];
export type UnitCondition = Schemas['UnitConditionDto'];
export type Photo = Schemas['PhotoDto'];
export type CheckInInput = Schemas['CheckInDto'];
export type CheckOutInput = Schemas['CheckOutDto'];
export type SettleDepositInput = Schemas['SettleDepositDto'];
export type CustomerReport = Schemas['CustomerReportDto'];
export type CheckInResult = CounterRental & { maintenance?: { unitId: string; label: string; done: boolean; message: string }[] };

const COUNTER_KEY = ['counter'] as const;
const KEYS = [COUNTER_KEY, queryKeys.rentals.all, queryKeys.dashboard.all];

export async function scanCode(api: HttpClient, code: string): Promise<UnitSummary[]> {
  return (await api.get<UnitSummary[]>('counter/scan', { query: { code } })).data;
}

export function useCounterUnit(unitId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: [...COUNTER_KEY, 'unit', unitId] as const,
    queryFn: async () => (await api.get<CounterUnit>(`counter/units/${encodeURIComponent(unitId!)}`)).data,
    enabled: Boolean(unitId),
  });
}

export function useCheckOut() {
  return useApiMutation(async (api, { id, ...input }: CheckOutInput & { id: string }) => (await api.post<CounterRental>(`counter/rentals/${encodeURIComponent(id)}/check-out`, input)).data, KEYS);
}

export function useCheckIn() {
  return useApiMutation(async (api, { id, ...input }: CheckInInput & { id: string }) => (await api.post<CheckInResult>(`counter/rentals/${encodeURIComponent(id)}/check-in`, input)).data, KEYS);
}

export function useSettleDeposit() {
  return useApiMutation(async (api, { id, ...input }: SettleDepositInput & { id: string }) => (await api.post<CounterRental>(`counter/rentals/${encodeURIComponent(id)}/deposit`, input)).data, KEYS);
}

/** Uploads one condition photo (multipart; the session cookie authorises it). */
export async function uploadPhoto(rentalId: string, unitId: string, file: Blob, name: string): Promise<Photo> {
  const form = new FormData();
  form.append('unitId', unitId);
  form.append('photo', file, name);
  let res: Response;
  try {
    res = await fetch(`/api/counter/rentals/${encodeURIComponent(rentalId)}/photos`, { method: 'POST', body: form, credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError('network', 'Could not reach the server. Check your connection and try again.');
  }
  const body = (await res.json().catch(() => ({}))) as { data?: Photo; message?: string; code?: string; errors?: { path: string; message: string }[] };
  if (!res.ok || !body.data) throw new ApiError('http', body.message ?? 'The photo could not be uploaded', res.status, body.code ?? `HTTP_${res.status}`, body.errors ?? []);
  return body.data;
}

/** The signed-in customer's check-in reports (conditions, damage, photos) by rental. */
export function useMyReports(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: [...queryKeys.rentals.all, 'reports'] as const,
    queryFn: async () => (await api.get<CustomerReport[]>('counter/my-reports')).data,
    enabled,
  });
}

/** The label sheet's address (a plain link: the session cookie authorises the PDF). */
export const labelSheetUrl = (bikeId?: string): string => (bikeId ? `/api/counter/labels?bikeId=${encodeURIComponent(bikeId)}` : '/api/counter/labels');
