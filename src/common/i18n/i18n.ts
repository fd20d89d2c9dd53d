import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { Request } from 'express';
import { CATALOGUES, DEFAULT_LOCALE, isLocale, negotiateLocale, type Locale, type MessageId } from '../../../locales/index.js';

export { DEFAULT_LOCALE, isLocale, negotiateLocale, type Locale, type MessageId };

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape<string>>();

/**
 * The server's formatter for one language: @formatjs/intl over the same catalogues the pages use (react-intl is
 * built on it), so an email, a PDF or an API message reads exactly as the page does. One per language, reused.
 */
export function intlFor(locale: Locale): IntlShape<string> {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages: CATALOGUES[locale] }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

/** A message of the catalogue in `locale`, with its ICU arguments. */
export function translate(locale: Locale, id: MessageId, values?: Record<string, string | number | Date>): string {
  return intlFor(locale).formatMessage({ id }, values);
}

/** The caller's language: Accept-Language, negotiated against the shop's languages (English when none match). */
export const requestLocale = (req: Pick<Request, 'headers'>): Locale => {
  const header = req.headers['accept-language'];
  return negotiateLocale(Array.isArray(header) ? header.join(',') : header);
};

/** English API message -> its catalogue id, for the messages the catalogue translates (`api.error.*`). */
let apiMessages: Map<string, MessageId> | undefined;

/**
 * An API error message in the caller's language: the English text the services throw is looked up among the
 * catalogue's `api.error.*` messages; one the catalogue does not know stays as it is. English is never changed.
 */
export function localizeApiMessage(message: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return message;
  apiMessages ??= new Map(
    (Object.entries(CATALOGUES.en) as [MessageId, string][]).filter(([id]) => id.startsWith('api.error.')).map(([id, text]) => [text, id]),
  );
  // A list of messages (class-validator) is joined with '; ': each part on its own.
  return message
    .split('; ')
    .map((part) => {
      const id = apiMessages!.get(part);
      return id ? translate(locale, id) : part;
    })
    .join('; ');
}
