import type { LoaderFunctionArgs } from 'react-router-dom';
import { bikeQuery, relatedBikesQuery } from '../../api/bikes.js';
import { favouritesQuery } from '../../api/favourites.js';
import { isApiError } from '../../api/http.js';
import { bikeReviewsQuery } from '../../api/reviews.js';
import { sessionQuery } from '../../api/users.js';
import { prefetchOrForget } from '../../app/prefetch.js';
import { loaderContext } from '../../app/router-context.js';

/** Bike ids are UUIDs; anything else cannot name a bike. */
const BIKE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' });

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
    prefetchOrForget(queryClient, reviews),
    prefetchOrForget(queryClient, related),
    session.then((user) => (user?.role === 'user' ? prefetchOrForget(queryClient, favourites) : undefined)).catch(() => undefined),
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
