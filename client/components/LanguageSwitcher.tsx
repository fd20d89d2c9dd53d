import { useLocation, useNavigate } from 'react-router-dom';
import { isLocale, LOCALE_NAMES, LOCALES, localizePath, splitLocalePath } from '../../locales/index.js';
import { useSession, useUpdateMe } from '../api/users.js';
import { useLocale, useT } from '../app/i18n.js';
import { notifyError } from '../app/notify.js';
import './language-switcher.css';

/**
 * The header's language choice (issue 27). On a public page it opens the same page in the chosen language (path,
 * query and hash kept: '/bike/7?x' -> '/de/bike/7?x'); on the dashboard it saves the choice in the user's profile,
 * which the dashboard and the user's emails follow. A native <select>: light, and keyboard and screen-reader ready.
 */
export function LanguageSwitcher() {
  const locale = useLocale();
  const t = useT();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const updateMe = useUpdateMe();
  const onDashboard = splitLocalePath(pathname).rest.startsWith('/dashboard');

  const choose = (value: string) => {
    if (!isLocale(value) || value === locale) return;
    if (onDashboard && session) {
      updateMe.mutate({ language: value }, { onError: (error) => notifyError(error, t('language.saveFailed')) });
      return;
    }
    void navigate(localizePath(`${pathname}${search}${hash}`, value));
  };

  return (
    <label className="okb-language-switcher">
      <span className="visually-hidden">{t('language.label')}</span>
      <select value={locale} disabled={updateMe.isPending} onChange={(event) => choose(event.target.value)}>
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
