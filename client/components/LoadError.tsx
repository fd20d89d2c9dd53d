import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { decorativeIcon } from './decorative-icon.js';
import { useT } from '../app/i18n.js';

/**
 * The error state of a screen part whose data could not be loaded: an error Alert with a Retry button.
 * `variant` keeps each screen's look: "dashboard" shows a reload icon on the button, "inline" a small button
 * (inside a section of a page), "plain" an ordinary one.
 */
export function LoadError({
  title,
  description,
  onRetry,
  retrying,
  variant = 'plain',
}: {
  title: ReactNode;
  description?: ReactNode;
  onRetry: () => unknown;
  /** Shows the button busy while the query fetches again. */
  retrying?: boolean;
  variant?: 'dashboard' | 'inline' | 'plain';
}) {
  const t = useT();
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={description}
      action={
        <Button
          size={variant === 'inline' ? 'small' : undefined}
          icon={variant === 'dashboard' ? <ReloadOutlined {...decorativeIcon} /> : undefined}
          loading={retrying}
          onClick={() => void onRetry()}
        >
          {t('common.retry')}
        </Button>
      }
    />
  );
}
