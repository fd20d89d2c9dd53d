import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { bikeQuery, relatedBikesQuery } from '../../api/bikes.js';
import { favouritesQuery } from '../../api/favourites.js';
import { isApiError } from '../../api/http.js';
import { bikeReviewsQuery } from '../../api/reviews.js';
import { sessionQuery } from '../../api/users.js';
import { loaderContext } from '../../app/router-context.js';

/** Bike ids are UUIDs; anything else cannot name a bike. */
const BIKE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' });

/**
 * Failed queries are not sent to the browser, which starts them afresh; forgetting them on the server too makes
 * both render the same loading state (no hydration mismatch).
 */
function forgetIfFailed(queryClient: QueryClient, queryKey: QueryKey): void {
  if (queryClient.getQueryState(queryKey)?.status === 'error') queryClient.removeQueries({ queryKey, exact: true });
}

/**
 * /bike/:id. The bike must exist before the page renders: an unknown or malformed id throws a 404 Response,
 * so the server answers HTTP 404 with the 404 page. Reviews, related bikes and the user's favourites are loaded
 * alongside so the first paint has them, but a failure there only leaves that section to retry in the browser.
 */
export async function bikeDetailLoader({ params, context }: LoaderFunctionArgs): Promise<null> {
  const { queryClient, api } = loaderContext(context);
  const id = params.id ?? '';
  if (!BIKE_ID.test(id)) throw notFound();

  const session = queryClient.ensureQueryData(sessionQuery(api));
  const reviews = bikeReviewsQuery(api, id);
  const related = relatedBikesQuery(api, id);
  const favourites = favouritesQuery(api);
  const sections = Promise.all([
    queryClient.prefetchQuery(reviews).then(() => forgetIfFailed(queryClient, reviews.queryKey)),
    queryClient.prefetchQuery(related).then(() => forgetIfFailed(queryClient, related.queryKey)),
    session
      .then((user) => (user?.role === 'user' ? queryClient.prefetchQuery(favourites) : undefined))
      .then(() => forgetIfFailed(queryClient, favourites.queryKey))
      .catch(() => undefined),
  ]);
  try {
    await queryClient.ensureQueryData(bikeQuery(api, id));
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
  await sections;
  return null;
}
