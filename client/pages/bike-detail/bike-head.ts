import type { BikeDetail } from '../../api/bikes.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Review } from '../../api/reviews.js';
import { absoluteUrl, canonicalPathFor, catalogueMeta, type HeadArgs, type PageMeta } from '../../app/head.js';
import { DEFAULT_LOCALE, formatMessage } from '../../../locales/index.js';
import { engineText } from '../../lib/bike-text.js';
import { publicAsset } from '../../lib/public-asset.js';
import { formatMoney } from '../../lib/money.js';
import { bikeStructuredData } from './structured-data.js';

const DESCRIPTION_LIMIT = 155;

/** Search snippets show about 155 characters: cut at a word boundary. */
function snippet(text: string): string {
  if (text.length <= DESCRIPTION_LIMIT) return text;
  const cut = text.slice(0, DESCRIPTION_LIMIT - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_LIMIT - 20))}…`;
}

/** /bike/:id: the product, its offer and rating as JSON-LD, read from the bike and reviews the loader cached. */
export function bikeDetailHead({ params, queryClient, origin }: HeadArgs): PageMeta {
  const id = params.id ?? '';
  const bike = queryClient.getQueryData<BikeDetail>(queryKeys.bikes.detail(id));
  if (!bike) return { title: 'Bike details', description: 'This bike could not be loaded.' };
  const reviews = queryClient.getQueryData<Review[]>(queryKeys.reviews.forBike(id));
  const price = formatMoney(bike.pricePerHour, bike.currency);
  return {
    title: bike.name,
    description: snippet(`Rent the ${bike.year} ${bike.brand} ${bike.model} (${engineText(bike.cc)}) for ${price} per hour. ${bike.description}`),
    type: 'product',
    image: bike.imgageurl,
    imageAlt: bike.name,
    // The URL the page's <img> uses (versioned): another one would download the picture twice.
    preloadImage: publicAsset(bike.imgageurl),
    structuredData: bikeStructuredData(bike, reviews, {
      page: absoluteUrl(origin, canonicalPathFor(`/bike/${bike._id}`)),
      image: absoluteUrl(origin, bike.imgageurl),
    }),
  };
}

/** /dashboard/fleet/:id names the bike once it is loaded (in the user's language, like every dashboard head). */
export function fleetHead({ params, queryClient }: HeadArgs): PageMeta {
  const id = params.id ?? '';
  const bike = id ? queryClient.getQueryData<BikeDetail>(queryKeys.bikes.detail(id)) : undefined;
  if (!bike) return catalogueMeta('admin.head.fleet.title', 'admin.head.fleet.description');
  const values = { name: bike.name };
  return {
    title: formatMessage(DEFAULT_LOCALE, 'admin.head.fleet.bikeTitle', values),
    description: formatMessage(DEFAULT_LOCALE, 'admin.head.fleet.description'),
    i18n: { title: 'admin.head.fleet.bikeTitle', description: 'admin.head.fleet.description', values },
  };
}
