import { NotFoundContent } from '../../components/NotFoundContent.js';

/** The catch-all route; the server answers it with HTTP 404. */
export default function NotFoundPage() {
  return <NotFoundContent />;
}
