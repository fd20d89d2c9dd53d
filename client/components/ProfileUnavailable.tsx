import { Alert, Button, Card, Skeleton } from 'antd';
import { useT } from '../app/i18n.js';

/** When the profile itself cannot be shown (the loader normally has it): a retry instead of a blank page. */
export function ProfileUnavailable({ loading, onRetry }: { loading: boolean; onRetry(): void }) {
  const t = useT();
  if (loading) {
    return (
      <Card>
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      </Card>
    );
  }
  return (
    <>
      <h1 className="visually-hidden">{t('profile.title')}</h1>
      <Alert
        type="error"
        showIcon
        title={t('profile.loadFailed')}
        description={t('profile.checkConnection')}
        action={<Button onClick={onRetry}>{t('common.retry')}</Button>}
      />
    </>
  );
}
