/**
 * The languages of the shop (issue 27), shared by the server (src/common/i18n) and the pages: English is the default
 * and lives at today's URLs; every other language is a path prefix (`/de/allbikes`, `/bn/bike/{id}`).
 */
export const LOCALES = ['en', 'de', 'bn'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, for the language switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch', bn: 'বাংলা' };

/** Open Graph's locale of each language. */
export const OG_LOCALES: Record<Locale, string> = { en: 'en_US', de: 'de_DE', bn: 'bn_BD' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The language a path names and the path without it: '/de/allbikes' -> de, '/allbikes'; '/allbikes' -> en, '/allbikes'. */
export function splitLocalePath(pathname: string): { locale: Locale; rest: string; prefixed: boolean } {
  const match = /^\/([a-z]{2})(?=\/|$)/.exec(pathname);
  if (match && match[1] !== DEFAULT_LOCALE && isLocale(match[1])) {
    return { locale: match[1], rest: pathname.slice(3) || '/', prefixed: true };
  }
  return { locale: DEFAULT_LOCALE, rest: pathname || '/', prefixed: false };
}

/** Paths that never carry a language (the dashboard follows the user's chosen language; the API and files are not pages). */
const UNPREFIXED = ['/dashboard', '/api', '/images', '/assets'];

/**
 * `to` (an app path, maybe with a query or hash) in `locale`: '/allbikes' in de -> '/de/allbikes'; English paths stay
 * as they are. Dashboard paths are left alone.
 */
export function localizePath(to: string, locale: Locale): string {
  if (!to.startsWith('/')) return to;
  const cut = to.search(/[?#]/);
  const path = cut === -1 ? to : to.slice(0, cut);
  const tail = cut === -1 ? '' : to.slice(cut);
  const { rest } = splitLocalePath(path);
  if (locale === DEFAULT_LOCALE || UNPREFIXED.some((p) => rest === p || rest.startsWith(`${p}/`))) return rest + tail;
  return (rest === '/' ? `/${locale}` : `/${locale}${rest}`) + tail;
}

/**
 * The best of our languages for an Accept-Language header ('de-DE,de;q=0.9,en;q=0.8' -> de); the default when none
 * is ours. Quality values are honoured; a region falls back to its language.
 */
export function negotiateLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = tag.split('-')[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

export type { Catalogue, MessageId } from './en.js';
import { IntlMessageFormat } from 'intl-messageformat';
import en from './en.js';
import de from './de.js';
import bn from './bn.js';
import type { Catalogue, MessageId } from './en.js';

/** The message catalogues, the same on the server (src/common/i18n) and in the browser (client/app/i18n.tsx). */
export const CATALOGUES: Record<Locale, Catalogue> = { en, de, bn };

const formats = new Map<string, IntlMessageFormat>();

/**
 * One catalogue message formatted outside React (page heads, the server's texts): ICU MessageFormat by
 * intl-messageformat, the formatter react-intl and @formatjs/intl use, so it reads the same everywhere.
 */
export function formatMessage(locale: Locale, id: MessageId, values?: Record<string, string | number | Date>): string {
  const key = `${locale}\u0000${id}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(CATALOGUES[locale][id], locale);
    formats.set(key, format);
  }
  return String(format.format(values));
}

const QUOTE_LINE = /^(\d+) (hour|day|week)s?(?: × (\d+) bikes)?$/;

/**
 * A quote line's label in a language. The server names a line in English ('2 hours × 3 bikes', see
 * src/modules/rentals/pricing.ts); its parts are read back and said with the catalogue. An unknown label stays.
 */
export function localizeQuoteLabel(label: string, t: (id: MessageId, values?: Record<string, string | number>) => string): string {
  const match = QUOTE_LINE.exec(label);
  if (!match) return label;
  const line = t('quote.lineUnit', { count: Number(match[1]), unit: match[2] });
  return match[3] ? t('quote.lineBikes', { line, bikes: Number(match[3]) }) : line;
}
