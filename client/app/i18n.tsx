import { ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale/index.js';
import bnBD from 'antd/es/locale/bn_BD.js';
import deDE from 'antd/es/locale/de_DE.js';
import enUS from 'antd/es/locale/en_US.js';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { createIntl, createIntlCache, RawIntlProvider, useIntl, type IntlShape } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { CATALOGUES, DEFAULT_LOCALE, isLocale, localizePath, splitLocalePath, type Locale, type MessageId } from '../../locales/index.js';
import { useSession } from '../api/users.js';

export type { Locale, MessageId };

/** antd's locale files are ES modules whose types read as CommonJS: take the default export either way. */
const antdLocale = (module: unknown): AntdLocale => ((module as { default?: AntdLocale }).default ?? module) as AntdLocale;
const ANTD_LOCALES: Record<Locale, AntdLocale> = { en: antdLocale(enUS), de: antdLocale(deDE), bn: antdLocale(bnBD) };

/**
 * The language of a page: public pages name it in their path (`/de/...`, English without a prefix); the dashboard
 * follows the signed-in user's chosen language (their profile), English when they chose none. The booking widget's
 * frame (/embed, on a shop's own site) takes it from its address: `?lang=de` (widget.js passes data-lang).
 */
export function localeOf(pathname: string, userLanguage: string | null | undefined, search = ''): Locale {
  const { locale, prefixed, rest } = splitLocalePath(pathname);
  if (prefixed) return locale;
  if ((rest === '/dashboard' || rest.startsWith('/dashboard/')) && isLocale(userLanguage)) return userLanguage;
  if (rest === '/embed' || rest.startsWith('/embed/')) {
    const lang = new URLSearchParams(search).get('lang');
    if (isLocale(lang)) return lang;
  }
  return DEFAULT_LOCALE;
}

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

/**
 * Inside the router: the page's language for react-intl (the catalogues of locales/, the same the server formats
 * emails and API messages with) and for antd's own texts (date pickers, pagination, empty states).
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const session = useSession();
  const locale = localeOf(pathname, session?.language, search);
  // The server wrote <html lang> for the first page; client-side navigations keep it true.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <InLocale locale={locale}>{children}</InLocale>;
}

/**
 * One react-intl object per language for the life of the page or the server process, sharing one formatter cache:
 * a message is parsed into its formatter once, not on every render (an `IntlProvider` makes a fresh cache per
 * instance, so the server re-parsed every message of every page it rendered: 6 % of a dashboard page's CPU).
 */
const intlCache = createIntlCache();
const intls = new Map<Locale, IntlShape>();
function intlFor(locale: Locale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages: CATALOGUES[locale] }, intlCache);
    intls.set(locale, intl);
  }
  return intl;
}

/**
 * `children` in `locale`: its catalogue, antd's texts and the formats. The page's language for the whole app
 * (LocaleProvider); a part of a page in another one, such as the signing page in the rental's customer's language
 * when staff hand the counter's tablet over (give that part a matching `lang` attribute).
 */
export function InLocale({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <LocaleContext.Provider value={locale}>
      <RawIntlProvider value={intlFor(locale)}>
        <ConfigProvider locale={ANTD_LOCALES[locale]}>{children}</ConfigProvider>
      </RawIntlProvider>
    </LocaleContext.Provider>
  );
}

/** The page's language. */
export const useLocale = (): Locale => useContext(LocaleContext);

type Values = Record<string, string | number | Date>;

/** `t('nav.home')`, `t('pager.info', { page, total })`: a catalogue message in the page's language, as a string. */
export function useT(): (id: MessageId, values?: Values) => string {
  const intl = useIntl();
  return useCallback((id: MessageId, values?: Values) => intl.formatMessage({ id }, values), [intl]);
}

/** `to` in the page's language: `lp('/allbikes')` is '/de/allbikes' on a German page. */
export function useLocalePath(): (to: string) => string {
  const locale = useLocale();
  return useCallback((to: string) => localizePath(to, locale), [locale]);
}

/** Numbers in the page's language (Bangla digits for bn). */
export function useNumberFormat(options?: Intl.NumberFormatOptions): (value: number) => string {
  const locale = useLocale();
  const key = JSON.stringify(options ?? {});
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const format = useMemo(() => new Intl.NumberFormat(locale, options), [locale, key]);
  return useCallback((value: number) => format.format(value), [format]);
}
