import type { BikeDetail } from '../../api/bikes.js';
import { bikeStructuredData } from './structured-data.js';

const bike = (pricePerHour: number, currency: string) =>
  ({ _id: 'b1', name: 'Bike', description: '', brand: 'B', model: 'M', cc: 125, year: 2024, pricePerHour, currency, quantity: 1, isAvailable: true, reviewCount: 0, averageRating: null }) as unknown as BikeDetail;

describe('bike JSON-LD price: the currency\'s own decimals (issue 27)', () => {
  it.each([
    [12.5, 'USD', '12.50'],
    [1500, 'JPY', '1500'],
    [1.255, 'KWD', '1.255'],
  ])('%s %s -> %s', (price, currency, text) => {
    const offers = bikeStructuredData(bike(price, currency), undefined, { page: 'https://shop.test/bike/b1', image: 'https://shop.test/b.jpg' }).offers as Record<string, unknown>;
    expect(offers).toMatchObject({ price: text, priceCurrency: currency, priceSpecification: { price: text } });
  });
});
