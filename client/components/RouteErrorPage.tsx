import { Button } from 'antd';
import { useContext } from 'react';
import { IntlContext } from 'react-intl';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { LocaleProvider, useLocalePath, useT } from '../app/i18n.js';
import { NotFoundContent } from './NotFoundContent.js';
import { ProblemState } from './ProblemState.js';

function RouteError() {
  const error = useRouteError();
  const t = useT();
  const lp = useLocalePath();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (notFound) return <NotFoundContent />;
  return (
    <div className="page-container">
      <ProblemState
        status="error"
        title={t('pub.error.title')}
        text={t('pub.error.text')}
        actions={
          <Button type="primary" size="large" href={lp('/')}>
            {t('pub.goHome')}
          </Button>
        }
      />
    </div>
  );
}

/**
 * What a route shows when its loader or rendering failed; 404 responses look like the 404 page. In the page's
 * language: the root route's boundary sits above RootLayout's LocaleProvider, so there it brings its own.
 */
export function RouteErrorPage() {
  const intl = useContext(IntlContext);
  return intl ? (
    <RouteError />
  ) : (
    <LocaleProvider>
      <RouteError />
    </LocaleProvider>
  );
}
