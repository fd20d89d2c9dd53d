import { formatMessage, type MessageId } from '../../locales/index.js';

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

/** Translates a catalogue message (useT()); English by default, so callers without a language read as before. */
export type Translate = (id: MessageId) => string;
const english: Translate = (id) => formatMessage('en', id);

/** A card's engine fact: 'CC 155', or 'Motor Electric'. */
export const engineFact = (cc: number, t: Translate = english): { term: string; value: string | number } =>
  isElectric(cc) ? { term: t('bike.fact.motor'), value: t('bike.fact.electric') } : { term: t('bike.fact.cc'), value: cc };

/** A card's facts about the bike (listing cards, favourites): brand, model, year and engine. */
export const cardFacts = (bike: { brand: string; model: string; year: number; cc: number }, t: Translate = english): { term: string; value: string | number }[] => [
  { term: t('bike.fact.brand'), value: bike.brand },
  { term: t('bike.fact.model'), value: bike.model },
  { term: t('bike.fact.year'), value: bike.year },
  engineFact(bike.cc, t),
];

/** The engine in words: '155 cc', or 'Electric motor'. `format`: a catalogue formatter with values (the page's language). */
export const engineText = (cc: number, format: (id: MessageId, values?: Record<string, number>) => string = (id, values) => formatMessage('en', id, values)): string =>
  isElectric(cc) ? format('bike.electricMotor') : format('bike.engineCc', { cc });
