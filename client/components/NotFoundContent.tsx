import { HomeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';

/** The 404 page's content: the catch-all route and a route that failed with 404 show it. */
export function NotFoundContent() {
  const navigate = useNavigate();
  return (
    <section className="not-found page-container" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="not-found-title">
        Oops! The page you're looking for doesn't exist.
      </h1>
      <p className="not-found-text">It may have been moved, or the address may be mistyped.</p>
      <Button type="primary" size="large" icon={<HomeOutlined />} onClick={() => navigate('/')}>
        Go to Homepage
      </Button>
    </section>
  );
}
