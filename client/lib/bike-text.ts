/**
 * How a bike's description and engine read on cards (listing, related bikes, favourites) and the bike's page.
 */

/**
 * The first `max` characters and '...' (spec: 35 on small screens, 50 on large, 20 on favourites). The cut drops
 * the spaces and punctuation it ends on, so a sentence's own full stop never turns into '....'.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).replace(/[\s.,;:!?…-]+$/u, '')}...`;
}

/** Electric bikes have no displacement (cc 0): they say so instead of 'CC 0'. */
export const isElectric = (cc: number): boolean => cc <= 0;

/** A card's engine fact: 'CC 155', or 'Motor Electric'. */
export const engineFact = (cc: number): { term: string; value: string | number } =>
  isElectric(cc) ? { term: 'Motor', value: 'Electric' } : { term: 'CC', value: cc };

/** A card's facts about the bike (listing cards, favourites): brand, model, year and engine. */
export const cardFacts = (bike: { brand: string; model: string; year: number; cc: number }): { term: string; value: string | number }[] => [
  { term: 'Brand', value: bike.brand },
  { term: 'Model', value: bike.model },
  { term: 'Year', value: bike.year },
  engineFact(bike.cc),
];

/** The engine in words: '155 cc', or 'Electric motor'. */
export const engineText = (cc: number): string => (isElectric(cc) ? 'Electric motor' : `${cc} cc`);
