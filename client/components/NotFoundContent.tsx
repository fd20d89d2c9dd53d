import { HomeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useLocalePath, useT } from '../app/i18n.js';

/** The 404 page's content: the catch-all route and a route that failed with 404 show it. */
export function NotFoundContent() {
  const navigate = useNavigate();
  const t = useT();
  const lp = useLocalePath();
  return (
    <section className="not-found page-container" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="not-found-title">
        {t('pub.notFound.title')}
      </h1>
      <p className="not-found-text">{t('pub.notFound.text')}</p>
      <Button type="primary" size="large" icon={<HomeOutlined />} onClick={() => navigate(lp('/'))}>
        {t('pub.goHome')}
      </Button>
    </section>
  );
}
