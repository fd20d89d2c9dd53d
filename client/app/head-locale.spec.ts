import { catalogueMeta, headHtml } from './head.js';

const origin = 'https://shop.example';
const users = catalogueMeta('admin.head.users.title', 'admin.head.users.description');

describe("the dashboard's heads follow the user's language (issue 27)", () => {
  it('writes the title and description in the language the page is shown in', () => {
    const german = headHtml(users, { pathname: '/dashboard/allusers', origin, nonce: 'n', locale: 'de' });
    expect(german).toContain('<title>Alle Nutzer | Okay Bike</title>');
    expect(german).toContain('<meta name="description" content="Okay-Bike-Konten und Rollen verwalten.">');
    expect(german).toContain('<meta property="og:locale" content="de_DE">');
    // The dashboard has no language prefix: its canonical URL stays the path itself.
    expect(german).toContain('<link rel="canonical" href="https://shop.example/dashboard/allusers">');
    expect(headHtml(users, { pathname: '/dashboard/allusers', origin, nonce: 'n', locale: 'bn' })).toContain('<title>সব ব্যবহারকারী | Okay Bike</title>');
  });

  it('keeps English when no language is given, and a public path names its own', () => {
    expect(headHtml(users, { pathname: '/dashboard/allusers', origin, nonce: 'n' })).toContain('<title>All Users | Okay Bike</title>');
    const login = catalogueMeta('head.login.title', 'head.login.description');
    expect(headHtml(login, { pathname: '/de/login', origin, nonce: 'n' })).toContain('<title>Anmelden | Okay Bike</title>');
  });
});
