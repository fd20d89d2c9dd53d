import { Alert, Button, Card, Skeleton } from 'antd';

/** When the profile itself cannot be shown (the loader normally has it): a retry instead of a blank page. */
export function ProfileUnavailable({ loading, onRetry }: { loading: boolean; onRetry(): void }) {
  if (loading) {
    return (
      <Card>
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      </Card>
    );
  }
  return (
    <>
      <h1 className="okb-sr-only">Profile</h1>
      <Alert
        type="error"
        showIcon
        title="Your profile could not be loaded."
        description="Check your connection and try again."
        action={<Button onClick={onRetry}>Retry</Button>}
      />
    </>
  );
}
