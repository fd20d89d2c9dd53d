import { usePageMeta } from '../../app/head.js';
import { NotFoundContent } from '../../components/NotFoundContent.js';

/** The catch-all route; the server answers it with HTTP 404. */
export default function NotFoundPage() {
  usePageMeta({ title: 'Page not found', description: "The page you're looking for doesn't exist." });
  return <NotFoundContent />;
}
