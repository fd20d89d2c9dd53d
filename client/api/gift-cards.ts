import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';
import type { Schemas } from './types.js';

export type GiftCardOptions = Schemas['GiftCardOptionsDto'];
export type GiftCard = Schemas['GiftCardDto'];
export type GiftCardBalance = Schemas['GiftCardBalanceDto'];
export type GiftCardPurchaseInput = Schemas['PurchaseGiftCardDto'];
export type GiftCardPurchase = Schemas['GiftCardPurchaseDto'];

const keys = {
  options: ['gift-cards', 'options'] as const,
  mine: ['gift-cards', 'mine'] as const,
};

/** GET gift-cards/options: currency, presets, limits (public). */
export function useGiftCardOptions() {
  const api = useApi();
  return useQuery({ queryKey: keys.options, queryFn: async () => (await api.get<GiftCardOptions>('gift-cards/options')).data, staleTime: 5 * 60_000 });
}

/** GET gift-cards: the cards the signed-in customer bought. */
export function useMyGiftCards(enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: keys.mine, queryFn: async () => (await api.get<GiftCard[]>('gift-cards')).data, enabled });
}

/** POST gift-cards: the caller sends the browser to `payment_url`. */
export function usePurchaseGiftCard() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: GiftCardPurchaseInput) => (await api.post<GiftCardPurchase>('gift-cards', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.mine }),
  });
}

/** GET gift-cards/{code}: the balance for the holder of a code. */
export function fetchGiftCardBalance(api: HttpClient, code: string): Promise<GiftCardBalance> {
  return api.get<GiftCardBalance>(`gift-cards/${encodeURIComponent(code.trim())}`).then((r) => r.data);
}

export function useGiftCardBalance() {
  const api = useApi();
  return useMutation({ mutationFn: (code: string) => fetchGiftCardBalance(api, code) });
}
