import { useDemoMode, useSandboxPayments } from '../app/app-settings.js';

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
          <strong>Demo mode.</strong> This shop runs on sample data with public demo accounts: nothing here is a real booking, and no money moves.
        </p>
      ) : null}
      {admin && sandbox ? (
        <p className="shop-notice shop-notice-warning" role="note" data-testid="sandbox-payments-banner">
          <strong>Sandbox payments.</strong> PAYMENT_PROVIDER is sandbox: every payment is simulated and no money moves. Set PAYMENT_PROVIDER=stripe to take real payments.
        </p>
      ) : null}
    </div>
  );
}
