import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';
import { queryKeys } from './query-keys.js';
import type { Schemas } from './types.js';

/** The caller's helpful vote: 1 helpful, -1 not helpful, 0 none. */
export type VoteValue = Schemas['ReviewVoteDto']['myVote'];
export type VoteName = 'helpful' | 'not_helpful' | 'none';

export const VOTE_VALUE: Record<VoteName, VoteValue> = { helpful: 1, not_helpful: -1, none: 0 };

export type Review = Schemas['ReviewDto'];

export type AddReviewInput = Schemas['AddReviewDto'];

export type ReviewVote = Schemas['ReviewVoteDto'];

export async function fetchBikeReviews(api: HttpClient, bikeId: string): Promise<Review[]> {
  return (await api.get<Review[]>(`reviews/getpostreviews/${encodeURIComponent(bikeId)}`)).data;
}

export async function fetchMyReviews(api: HttpClient): Promise<Review[]> {
  return (await api.get<Review[]>('reviews/getuserreviews')).data;
}

export async function addReview(api: HttpClient, input: AddReviewInput): Promise<Review> {
  return (await api.post<Review>('reviews/addreviews', input)).data;
}

export async function voteReview(api: HttpClient, reviewId: string, vote: VoteName): Promise<ReviewVote> {
  return (await api.put<ReviewVote>(`reviews/${encodeURIComponent(reviewId)}/vote`, { vote })).data;
}

export const bikeReviewsQuery = (api: HttpClient, bikeId: string) =>
  queryOptions({ queryKey: queryKeys.reviews.forBike(bikeId), queryFn: () => fetchBikeReviews(api, bikeId) });

export const myReviewsQuery = (api: HttpClient) =>
  queryOptions({ queryKey: queryKeys.reviews.mine(), queryFn: () => fetchMyReviews(api) });

/** A bike's reviews, newest first, with the viewer's own votes when signed in. */
export function useBikeReviews(bikeId: string) {
  const api = useApi();
  return useQuery(bikeReviewsQuery(api, bikeId));
}

export function useMyReviews() {
  const api = useApi();
  return useQuery(myReviewsQuery(api));
}

/** Reviews a paid rental; the rental's reviewAdded flag and the bike's rating change with it. */
export function useAddReview() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddReviewInput) => addReview(api, input),
    onSuccess: (_review, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.rentals.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bikes.detail(input.bikeId) }),
      ]),
  });
}

/** The count after moving a vote from `from` to `to`: none -> helpful +1, helpful -> not helpful -2, and so on. */
export const helpfulAfterVote = (helpful: number, from: VoteValue, to: VoteValue): number => helpful - from + to;

/**
 * Votes on a review of `bikeId`. The list shows the new count at once and settles on the server's answer; a
 * failure puts the previous count back.
 */
export function useVoteReview(bikeId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = queryKeys.reviews.forBike(bikeId);
  const patch = (reviewId: string, change: (review: Review) => Review) =>
    queryClient.setQueryData<Review[]>(key, (reviews) => reviews?.map((r) => (r._id === reviewId ? change(r) : r)));

  return useMutation({
    mutationFn: ({ reviewId, vote }: { reviewId: string; vote: VoteName }) => voteReview(api, reviewId, vote),
    onMutate: async ({ reviewId, vote }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Review[]>(key)?.find((r) => r._id === reviewId);
      const to = VOTE_VALUE[vote];
      patch(reviewId, (r) => ({ ...r, helpful: helpfulAfterVote(r.helpful, r.myVote, to), myVote: to }));
      return { previous };
    },
    onError: (_error, { reviewId }, context) => {
      const previous = context?.previous;
      if (previous) patch(reviewId, (r) => ({ ...r, helpful: previous.helpful, myVote: previous.myVote }));
    },
    onSuccess: (result) => {
      patch(result._id, (r) => ({ ...r, helpful: result.helpful, myVote: result.myVote }));
      return queryClient.invalidateQueries({ queryKey: queryKeys.reviews.mine() });
    },
  });
}
