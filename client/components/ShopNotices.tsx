import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDemoMode, useSandboxPayments } from '../app/app-settings.js';
import type { MessageId } from '../app/i18n.js';

/** The notice's lead-in in bold ('<strong>Demo mode.</strong> This shop…'). */
const strong = (chunks: ReactNode[]) => <strong key="strong">{chunks}</strong>;

/**
 * Notices every page carries while the shop is not a real one (from the boot settings): demo mode on every
 * page of both layouts; the sandbox gateway on the admin dashboard. Plain markup, no antd, so public pages pay
 * nothing for it.
 */
export function ShopNotices({ admin = false }: { admin?: boolean }) {
  const demo = useDemoMode();
  const sandbox = useSandboxPayments();
  if (!demo && !(admin && sandbox)) return null;
  return (
    <div className="shop-notices">
      {demo ? (
        <p className="shop-notice" role="note" data-testid="demo-mode-banner">
          <FormattedMessage id={'pub.notice.demo' satisfies MessageId} values={{ strong }} />
        </p>
      ) : null}
      {admin && sandbox ? (
        <p className="shop-notice shop-notice-warning" role="note" data-testid="sandbox-payments-banner">
          <FormattedMessage id={'pub.notice.sandbox' satisfies MessageId} values={{ strong }} />
        </p>
      ) : null}
    </div>
  );
}
