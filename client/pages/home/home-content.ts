import type { BikeListParams } from '../../api/bikes.js';
import type { MessageId } from '../../../locales/index.js';

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

/** Catalogue ids of the promo's features, the reasons and the testimonials (their texts are in locales/). */
export const PROMO_FEATURES = [
  { title: 'home.promo.motor.title', text: 'home.promo.motor.text' },
  { title: 'home.promo.range.title', text: 'home.promo.range.text' },
  { title: 'home.promo.display.title', text: 'home.promo.display.text' },
  { title: 'home.promo.charge.title', text: 'home.promo.charge.text' },
] as const satisfies readonly { title: MessageId; text: MessageId }[];

export const REASONS = [
  { title: 'home.reason.selection.title', text: 'home.reason.selection.text' },
  { title: 'home.reason.flexible.title', text: 'home.reason.flexible.text' },
  { title: 'home.reason.safety.title', text: 'home.reason.safety.text' },
  { title: 'home.reason.eco.title', text: 'home.reason.eco.text' },
] as const satisfies readonly { title: MessageId; text: MessageId }[];

/** A rider's name is theirs in every language; their job and words are translated. */
export const TESTIMONIALS = [
  { name: 'Tanvir Hasan', job: 'home.testimonial.tanvir.job', testimony: 'home.testimonial.tanvir.text' },
  { name: 'Nusrat Jahan', job: 'home.testimonial.nusrat.job', testimony: 'home.testimonial.nusrat.text' },
  { name: 'Arif Chowdhury', job: 'home.testimonial.arif.job', testimony: 'home.testimonial.arif.text' },
  { name: 'Sadia Karim', job: 'home.testimonial.sadia.job', testimony: 'home.testimonial.sadia.text' },
  { name: 'Rafiq Islam', job: 'home.testimonial.rafiq.job', testimony: 'home.testimonial.rafiq.text' },
] as const satisfies readonly { name: string; job: MessageId; testimony: MessageId }[];
