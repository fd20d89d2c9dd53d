import { Outlet, ScrollRestoration } from 'react-router';

/** Above both layouts: new pages start at the top, back/forward restores the previous position. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
