import { Button } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundContent } from './NotFoundContent.js';
import { ProblemState } from './ProblemState.js';

/** What a route shows when its loader or rendering failed; 404 responses look like the 404 page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (notFound) return <NotFoundContent />;
  return (
    <div className="page-container">
      <ProblemState
        status="error"
        title="Something went wrong"
        text="We could not load this page. Please try again in a moment."
        actions={
          <Button type="primary" size="large" href="/">
            Go to Homepage
          </Button>
        }
      />
    </div>
  );
}
