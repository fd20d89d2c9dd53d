import type { BikeListParams } from '../../api/bikes.js';

/**
 * The featured carousel loops over the first FEATURED_PAGES pages of the list, each fetched with the spec's featured
 * limit of 3 (section 9) in the listing's default order. Three cards alone would fill a desktop row and never move;
 * fetching pages rather than one larger page keeps the spec's request, and page 1 is the very request (and cache
 * entry) of the unfiltered /allbikes, which then opens instantly.
 */
export const FEATURED_PAGES = 3;
export const featuredParams = (page: number): BikeListParams => ({ page, limit: 3, recentlyAdded: false });

export const PROMO_BIKE_NAME = 'Okay Volt E1';
/** The promoted bike is looked up by name; its page is linked when the fleet has it. */
export const PROMO_SEARCH = 'Okay Volt';

export const PROMO_FEATURES = [
  { title: '500W motor', text: 'Quick off the line and happy on hills.' },
  { title: '80km range', text: 'A full day of city riding on one charge.' },
  { title: 'Smart Display', text: 'Speed, battery and route at a glance.' },
  { title: 'Quick Charge', text: '80% in under two hours at any of our shops.' },
] as const;

export const REASONS = [
  { title: 'Wide Selection', text: '100+ bikes, from city scooters to touring machines, all serviced before every ride.' },
  { title: 'Flexible Rentals', text: 'Rent by the hour and pay only for the hours you ride, with no long contracts.' },
  { title: 'Safety First', text: 'Helmets included, regular inspections and insured rentals for peace of mind.' },
  { title: 'Eco-Friendly', text: 'Electric models and efficient engines for a lighter footprint on your city.' },
] as const;

export const TESTIMONIALS = [
  {
    name: 'Tanvir Hasan',
    job: 'Software Engineer',
    testimony: 'Booked a bike in two minutes on my lunch break and rode to a client meeting. The hourly price is fair.',
  },
  {
    name: 'Nusrat Jahan',
    job: 'Photographer',
    testimony: 'I rent an adventure bike for shoots outside the city. Always clean, always fuelled, always on time.',
  },
  {
    name: 'Arif Chowdhury',
    job: 'University Student',
    testimony: 'Cheaper than ride-hailing for my daily classes, and the booking fee is clear from the start.',
  },
  {
    name: 'Sadia Karim',
    job: 'Marketing Manager',
    testimony: 'The electric bike was a joy: quiet, quick and the smart display made navigation easy.',
  },
  {
    name: 'Rafiq Islam',
    job: 'Delivery Rider',
    testimony: 'When my own bike was in the workshop, Okay Bike kept me working. Friendly staff and fair prices.',
  },
] as const;
