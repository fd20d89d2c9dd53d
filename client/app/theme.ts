import { theme as antdTheme, type ThemeConfig } from 'antd';

export type ThemeMode = 'light' | 'dark';

/** Remembers the visitor's choice so the server renders it (no flash of the other theme). */
export const THEME_COOKIE = 'okb_theme';

export const BRAND_PRIMARY = '#0f766e';
export const HEADER_HEIGHT = 64;

export const FONT_STACK =
  "Inter, 'Segoe UI Variable', 'Segoe UI', system-ui, -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

const surfaces = {
  light: { body: '#f5f7f6', container: '#ffffff', elevated: '#ffffff', header: 'rgba(255, 255, 255, 0.92)', footer: '#0f1f1c', sider: '#ffffff' },
  dark: { body: '#0c1211', container: '#141b1a', elevated: '#1a2321', header: 'rgba(20, 27, 26, 0.92)', footer: '#070b0a', sider: '#141b1a' },
} as const;

/**
 * antd derives hover, active and background shades from the seed; for a deep teal like ours its light palette
 * turns grey (colorPrimaryBg #a8b5b2), so the light theme names its shades explicitly.
 */
const lightPrimaryShades = {
  colorPrimaryBg: '#e7f5f2',
  colorPrimaryBgHover: '#cdebe5',
  colorPrimaryBorder: '#9fd6cb',
  colorPrimaryBorderHover: '#6fc1b2',
  colorPrimaryHover: '#13897f',
  colorPrimaryActive: '#0b5c56',
  colorPrimaryText: BRAND_PRIMARY,
  colorPrimaryTextHover: '#13897f',
  colorPrimaryTextActive: '#0b5c56',
  colorLinkHover: '#13897f',
  colorLinkActive: '#0b5c56',
};

/** The one antd theme of the app, light or dark. */
export function buildTheme(mode: ThemeMode): ThemeConfig {
  const s = surfaces[mode];
  return {
    algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    // Each theme's variables under a class of its own: the page links the server's theme stylesheet
    // (/assets/antd-<theme>-<hash>.css) after antd's runtime styles, so with one shared key its variables would
    // win over the ones antd inserts when the visitor toggles the theme.
    cssVar: { key: `okb-${mode}` },
    token: {
      colorPrimary: mode === 'dark' ? '#14a394' : BRAND_PRIMARY,
      ...(mode === 'light' ? lightPrimaryShades : {}),
      colorSuccess: '#16a34a',
      colorWarning: '#d97706',
      // Dark mode's seed: antd's dark algorithm turns it into colorError #d87878, 5.2:1 on the elevated surface of
      // menus and dialogs (the account menu's Logout); #f87171 became #d66363, 4.46:1 there (issue 20 item 21).
      colorError: mode === 'dark' ? '#fb8a8a' : '#dc2626',
      colorLink: mode === 'dark' ? '#2dd4bf' : BRAND_PRIMARY,
      // antd's description grey (#8c8c8c) is 3.4:1 on white; these pass WCAG AA on each theme's surfaces.
      colorTextDescription: mode === 'dark' ? '#a3b3af' : '#5f6b68',
      // antd's placeholder grey (colorTextQuaternary, 25 %) is under 2:1: a select's placeholder is text axe measures
      // (Fleet's and Counter Sale's bike pickers), so it gets 4.5:1 on every surface of its theme (issue 20 item 21).
      colorTextPlaceholder: mode === 'dark' ? '#8f9c98' : '#66716e',
      colorBgLayout: s.body,
      colorBgContainer: s.container,
      colorBgElevated: s.elevated,
      borderRadius: 10,
      borderRadiusLG: 14,
      fontFamily: FONT_STACK,
      fontSize: 15,
      controlHeight: 38,
      controlHeightLG: 46,
      wireframe: false,
    },
    components: {
      Layout: {
        headerBg: s.header,
        headerHeight: HEADER_HEIGHT,
        headerPadding: '0 24px',
        bodyBg: s.body,
        footerBg: s.footer,
        footerPadding: '0',
        siderBg: s.sider,
        triggerBg: s.sider,
      },
      // No dark-mode teal is both readable as text on the dark surface and dark enough behind white text,
      // so in dark mode primary buttons and the selected menu item carry near-black text (5:1 and up).
      Menu: { itemBorderRadius: 8, activeBarBorderWidth: 0, ...(mode === 'dark' ? { itemSelectedColor: '#04110f', darkItemSelectedColor: '#04110f' } : {}) },
      // Dark mode's red (#d87878) under white text is 3.1:1: solid red buttons (a dialog's 'Cancel booking') carry near-black text too.
      Button: { fontWeight: 600, primaryShadow: 'none', defaultShadow: 'none', ...(mode === 'dark' ? { primaryColor: '#04110f', dangerColor: '#1a0505' } : {}) },
      Card: { headerFontSize: 17 },
      // antd's label grey (colorTextTertiary, 45 %) is under 4.5:1 on cards and dialogs: labels use the secondary text (65 %).
      Descriptions: { labelColor: mode === 'dark' ? 'rgba(255, 255, 255, 0.65)' : 'rgba(0, 0, 0, 0.65)' },
    },
  };
}
