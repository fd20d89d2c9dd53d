import { useQuery } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';
import { useApiMutation } from './mutations.js';
import { queryKeys } from './query-keys.js';
import type { Rental } from './rentals.js';
import type { Schemas } from './types.js';

/** A rental's security deposit (issue 21). */
export type Deposit = Schemas['DepositDto'];

export async function captureDeposit(api: HttpClient, id: string, input: { amount: number; reason: string }): Promise<Rental> {
  return (await api.post<Rental>(`rentals/${encodeURIComponent(id)}/deposit/capture`, input)).data;
}

export async function releaseDeposit(api: HttpClient, id: string): Promise<Rental> {
  return (await api.post<Rental>(`rentals/${encodeURIComponent(id)}/deposit/release`)).data;
}

const DEPOSIT_KEYS = [queryKeys.rentals.all, queryKeys.dashboard.all];

/** Admin: keep part or all of a held deposit, with a reason (the rest is released). */
export function useCaptureDeposit() {
  return useApiMutation((api, { id, ...input }: { id: string; amount: number; reason: string }) => captureDeposit(api, id, input), DEPOSIT_KEYS);
}

/** Admin: give the whole deposit back. */
export function useReleaseDeposit() {
  return useApiMutation((api, id: string) => releaseDeposit(api, id), DEPOSIT_KEYS);
}

export type DepositAttention = Schemas['DepositAttentionDto'];

export async function fetchDepositAttention(api: HttpClient): Promise<DepositAttention[]> {
  return (await api.get<DepositAttention[]>('rentals/deposits/attention')).data;
}

/** Admin: deposits to look at (Payment Attention): holds lapsing soon, renewals, failures, fallback charges. */
export function useDepositAttention() {
  const api = useApi();
  return useQuery({ queryKey: [...queryKeys.rentals.all, 'deposits', 'attention'] as const, queryFn: () => fetchDepositAttention(api) });
}
