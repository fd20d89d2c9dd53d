import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { THEME_COOKIE, type ThemeMode } from './theme.js';

interface ThemeModeValue {
  mode: ThemeMode;
  toggle(): void;
}

const ThemeModeContext = createContext<ThemeModeValue>({ mode: 'light', toggle: () => undefined });

/** Holds light/dark; the server passes the cookie's value so both sides start from the same theme. */
export function ThemeModeProvider({ initial, children }: { initial: ThemeMode; children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(initial);
  const toggle = useCallback(() => {
    setMode((current) => {
      const next: ThemeMode = current === 'dark' ? 'light' : 'dark';
      document.documentElement.classList.toggle('dark', next === 'dark');
      document.cookie = `${THEME_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
      return next;
    });
  }, []);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return <ThemeModeContext.Provider value={value}>{children}</ThemeModeContext.Provider>;
}

export const useThemeMode = (): ThemeModeValue => useContext(ThemeModeContext);
