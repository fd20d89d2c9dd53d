import { Button } from 'antd';
import { useState } from 'react';
import { usePayBookingFee, type Rental } from '../api/rentals.js';
import { notify } from '../app/notify.js';
import { useT } from '../app/i18n.js';

/**
 * 'Pay booking fee' after a declined, cancelled or abandoned try: the booking is still held (issue 20 item 14), so a
 * new checkout is opened for the fee and the browser goes there.
 */
export function RetryFeeButton({ rental }: { rental: Rental }) {
  const pay = usePayBookingFee();
  const [leaving, setLeaving] = useState(false);
  const t = useT();
  return (
    <Button
      type="primary"
      loading={pay.isPending || leaving}
      aria-label={t('rentals.payFeeFor', { bike: rental.bikeId.name })}
      onClick={() =>
        pay.mutate(rental._id, {
          onSuccess: ({ payment_url }) => {
            setLeaving(true);
            window.location.assign(payment_url);
          },
          onError: (failure) => notify.error(failure.message),
        })
      }
    >
      {t('rentals.payFee')}
    </Button>
  );
}
