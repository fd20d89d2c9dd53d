import { safeRedirect, withRedirect } from './safe-redirect.js';

describe('safeRedirect', () => {
  it.each([
    ['/bike/42?start=2026-12-01T10%3A00&end=2026-12-01T16%3A00&quantity=2', '/bike/42?start=2026-12-01T10%3A00&end=2026-12-01T16%3A00&quantity=2'],
    ['/dashboard/rentals', '/dashboard/rentals'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'bike/1', '', null, '/login', '/signup?redirect=/x', '/\tevil'])(
    'refuses %p',
    (value) => {
      expect(safeRedirect(value)).toBeNull();
    },
  );

  it('builds the login and signup links', () => {
    expect(withRedirect('/login', '/bike/1?start=a')).toBe('/login?redirect=%2Fbike%2F1%3Fstart%3Da');
    expect(withRedirect('/signup', null)).toBe('/signup');
  });
});
