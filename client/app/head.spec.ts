import { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { DEFAULT_META, headHtml, NOT_FOUND_META, resolveHead, type HeadArgs, type HeadRouterState } from './head.js';

const origin = 'https://shop.example';

/** A route tree shaped like routes.tsx: a layout without a head, pages with fixed or computed heads. */
const routes: RouteObject[] = [
  {
    id: 'root',
    children: [
      { index: true, handle: { head: DEFAULT_META } },
      { path: 'about', handle: { head: { title: 'About Okay Bike', description: 'Who we are.' } } },
      {
        path: 'bike/:id',
        handle: {
          head: ({ params, queryClient }: HeadArgs) => {
            const name = queryClient.getQueryData<string>(['bike', params.id]);
            return name ? { title: name, description: `Rent ${name}.` } : { title: 'Bike details', description: 'This bike could not be loaded.' };
          },
        },
      },
      {
        path: 'search',
        handle: { head: ({ search }: HeadArgs) => ({ title: `Bikes matching "${new URLSearchParams(search).get('searchTerm')}"`, description: 'Search.' }) },
      },
      { path: 'dashboard', handle: { head: { title: 'Dashboard', description: 'Yours.' } }, children: [{ path: 'emails', handle: { head: { title: 'Emails', description: 'Mail.' } } }] },
      { path: '*', handle: { status: 404, head: NOT_FOUND_META } },
    ],
  },
];

function stateFor(path: string, errors: HeadRouterState['errors'] = null): HeadRouterState {
  const url = new URL(path, origin);
  return { matches: matchRoutes(routes, url.pathname) ?? [], errors, location: { pathname: url.pathname, search: url.search } };
}

describe('route heads', () => {
  const queryClient = new QueryClient();

  it('takes the head of the deepest matched route that declares one', () => {
    expect(resolveHead(stateFor('/about'), queryClient, origin).title).toBe('About Okay Bike');
    expect(resolveHead(stateFor('/'), queryClient, origin)).toBe(DEFAULT_META);
    expect(resolveHead(stateFor('/dashboard'), queryClient, origin).title).toBe('Dashboard');
    expect(resolveHead(stateFor('/dashboard/emails'), queryClient, origin).title).toBe('Emails');
    expect(resolveHead(stateFor('/no-such-page'), queryClient, origin)).toBe(NOT_FOUND_META);
  });

  it('builds a head from the location and from the query cache the loader filled', () => {
    expect(resolveHead(stateFor('/search?searchTerm=honda'), queryClient, origin).title).toBe('Bikes matching "honda"');
    expect(resolveHead(stateFor('/bike/b1'), queryClient, origin).title).toBe('Bike details');
    queryClient.setQueryData(['bike', 'b1'], 'Hero Destini 125');
    expect(resolveHead(stateFor('/bike/b1'), queryClient, origin).title).toBe('Hero Destini 125');
  });

  it('shows the error page head when a route failed', () => {
    expect(resolveHead(stateFor('/about', { root: new Error('down') }), queryClient, origin).title).toBe('Something went wrong');
  });

  it("writes the error page's head in the page's language (issue 27)", () => {
    const meta = resolveHead(stateFor('/de/about', { root: new Error('down') }), queryClient, origin);
    expect(headHtml(meta, { pathname: '/de/about', origin, nonce: 'n', status: 500 })).toContain('<title>Etwas ist schiefgelaufen | Okay Bike</title>');
    expect(headHtml(meta, { pathname: '/bn/about', origin, nonce: 'n', status: 500 })).toContain('<meta name="description" content="এই পৃষ্ঠাটি দেখানো যায়নি।">');
    expect(headHtml(meta, { pathname: '/about', origin, nonce: 'n', status: 500 })).toContain('<title>Something went wrong | Okay Bike</title>');
  });

  it('writes error pages without a canonical URL and out of the index, other pages with one', () => {
    const notFound = headHtml(NOT_FOUND_META, { pathname: '/x', origin, nonce: 'n', status: 404 });
    expect(notFound).toContain('<title>Page not found | Okay Bike</title><meta name="description"');
    expect(notFound).toContain('<meta name="robots" content="noindex">');
    expect(notFound).not.toContain('rel="canonical"');
    expect(headHtml(DEFAULT_META, { pathname: '/home', origin, nonce: 'n' })).toContain('<link rel="canonical" href="https://shop.example/">');
  });
});
