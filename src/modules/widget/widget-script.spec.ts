import { gzipSync } from 'node:zlib';
import { buildTheme, BRAND_PRIMARY, FONT_STACK } from '../../../client/app/theme.js';
import { WIDGET_THEME, widgetScript } from './widget-script.js';
import { frameAncestors, isEmbedPath } from './widget-files.js';
import type { IncomingMessage } from 'node:http';

describe('the booking widget loader (issue 26)', () => {
  it('costs the host page under 10 KB gzipped before it is opened', () => {
    const size = gzipSync(widgetScript(), { level: 9 }).length;
    expect(size).toBeLessThan(10 * 1024);
  });

  it('is plain script that parses, with the theme filled in', () => {
    const source = widgetScript();
    expect(source).not.toContain('__THEME__');
    expect(() => new Function(source)).not.toThrow();
    expect(source).toContain(JSON.stringify(WIDGET_THEME.primary));
  });

  it("carries the shop's theme: the light theme's primary colours, radius and font", () => {
    const token = buildTheme('light').token!;
    expect(WIDGET_THEME.primary).toBe(BRAND_PRIMARY);
    expect(WIDGET_THEME.primaryHover).toBe(token.colorPrimaryHover);
    expect(WIDGET_THEME.radius).toBe(token.borderRadius);
    expect(FONT_STACK.startsWith(WIDGET_THEME.font.split(',')[0])).toBe(true);
  });

  it('lets the widget origins frame the embed pages only', () => {
    const policy = frameAncestors(['https://bikes.example.org/', 'http://127.0.0.1:4000']);
    const req = (url: string) => ({ url }) as IncomingMessage;
    expect(policy(req('/embed'))).toBe("'self' https://bikes.example.org http://127.0.0.1:4000");
    expect(policy(req('/embed/result?payment=x'))).toBe("'self' https://bikes.example.org http://127.0.0.1:4000");
    expect(policy(req('/embedded'))).toBe("'none'");
    expect(policy(req('/dashboard'))).toBe("'none'");
    expect(isEmbedPath('/embedx')).toBe(false);
  });
});
