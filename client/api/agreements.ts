import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';
import { useApiMutation } from './mutations.js';
import type { Schemas } from './types.js';

/** Issue 22: the shop's rental agreement, its versions, and the riders' signatures per rental. */

export type AgreementVersion = Schemas['AdminAgreementVersionDto'];
export type CurrentAgreement = Schemas['CurrentAgreementDto'];
export type RentalAgreement = Schemas['RentalAgreementDto'];
export type RiderInput = Schemas['RiderInputDto'];
export type SignedAgreementPage = Schemas['SignedAgreementPageDto'];

export const AGREEMENT_KEYS = {
  all: ['agreements'] as const,
  current: ['agreements', 'current'] as const,
  versions: ['agreements', 'versions'] as const,
  signatures: (page: number) => ['agreements', 'signatures', page] as const,
  ofRental: (id: string) => ['agreements', 'rental', id] as const,
};

export const currentAgreementQuery = (api: HttpClient) =>
  queryOptions({ queryKey: AGREEMENT_KEYS.current, queryFn: async () => (await api.get<CurrentAgreement>('agreements/current')).data });

export const agreementVersionsQuery = (api: HttpClient) =>
  queryOptions({ queryKey: AGREEMENT_KEYS.versions, queryFn: async () => (await api.get<AgreementVersion[]>('agreements')).data });

export const signedAgreementsQuery = (api: HttpClient, page: number) =>
  queryOptions({
    queryKey: AGREEMENT_KEYS.signatures(page),
    queryFn: async () => (await api.get<SignedAgreementPage>('agreements/signatures', { query: { page, limit: 20 } })).data,
    placeholderData: keepPreviousData,
  });

export const rentalAgreementQuery = (api: HttpClient, rentalId: string) =>
  queryOptions({ queryKey: AGREEMENT_KEYS.ofRental(rentalId), queryFn: async () => (await api.get<RentalAgreement>(`rentals/${encodeURIComponent(rentalId)}/agreement`)).data });

export const useCurrentAgreement = () => useQuery(currentAgreementQuery(useApi()));
export const useAgreementVersions = () => useQuery(agreementVersionsQuery(useApi()));
export const useSignedAgreements = (page: number) => useQuery(signedAgreementsQuery(useApi(), page));
export const useRentalAgreement = (rentalId: string) => useQuery(rentalAgreementQuery(useApi(), rentalId));

export const useSaveAgreement = () =>
  useApiMutation(async (api, body: Schemas['SaveAgreementDto']) => (await api.request<Schemas['AgreementVersionDto']>('PUT', 'agreements', { body })).data, [AGREEMENT_KEYS.all]);

export const useWithdrawAgreement = () =>
  useApiMutation(async (api, _: void) => (await api.request<Schemas['AgreementVersionDto']>('DELETE', 'agreements/current')).data, [AGREEMENT_KEYS.all]);

export const useSignRiders = (rentalId: string) =>
  useApiMutation(
    async (api, riders: RiderInput[]) => (await api.post<RentalAgreement>(`rentals/${encodeURIComponent(rentalId)}/agreement/signatures`, { riders })).data,
    [AGREEMENT_KEYS.ofRental(rentalId), AGREEMENT_KEYS.signatures(1)],
  );
