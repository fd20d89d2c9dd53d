import type { BikeDetail } from '../../api/bikes.js';
import type { Review } from '../../api/reviews.js';
import { amountDigits } from '../../lib/money.js';

/** Reviews copied into the JSON-LD: enough for rich results without repeating the whole list. */
const MAX_LD_REVIEWS = 5;

export const isBookable = (bike: Pick<BikeDetail, 'quantity' | 'isAvailable'>): boolean => bike.quantity > 0 && bike.isAvailable;

/** Bookable for some window: switched on and with units in service, even when all of them are out right now. */
export const isBookableLater = (bike: Pick<BikeDetail, 'totalUnits' | 'isAvailable'>): boolean => bike.totalUnits > 0 && bike.isAvailable;

/**
 * schema.org Product for a bike page: the hourly price as an Offer (a UnitPriceSpecification per hour, UN/CEFACT
 * code HUR), stock as InStock/OutOfStock, and the rating summary once there are reviews.
 */
export function bikeStructuredData(
  bike: BikeDetail,
  reviews: Review[] | undefined,
  urls: { page: string; image: string },
): Record<string, unknown> {
  const currency = bike.currency || 'USD';
  // The currency's own decimals (JPY '1500', USD '12.50', KWD '1.255').
  const price = amountDigits(bike.pricePerHour, currency);
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${urls.page}#product`,
    name: bike.name,
    description: bike.description,
    image: urls.image,
    url: urls.page,
    sku: bike._id,
    brand: { '@type': 'Brand', name: bike.brand },
    model: bike.model,
    additionalProperty: [
      { '@type': 'PropertyValue', name: 'Engine displacement', value: bike.cc, unitText: 'cc' },
      { '@type': 'PropertyValue', name: 'Year', value: bike.year },
    ],
    offers: {
      '@type': 'Offer',
      url: urls.page,
      price,
      priceCurrency: currency,
      availability: isBookable(bike) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: currency,
        unitCode: 'HUR',
        unitText: 'hour',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'HUR' },
      },
    },
  };
  if (bike.reviewCount > 0 && bike.averageRating !== null) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: bike.averageRating,
      reviewCount: bike.reviewCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  if (reviews?.length) {
    data.review = reviews.slice(0, MAX_LD_REVIEWS).map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.userId.name },
      datePublished: review.date.slice(0, 10),
      reviewBody: review.comment || undefined,
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    }));
  }
  return data;
}
