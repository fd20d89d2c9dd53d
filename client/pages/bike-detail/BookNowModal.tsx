import { Modal } from 'antd';
import { useState } from 'react';
import { useT } from '../../app/i18n.js';
import { BookingForm, type BookingFormProps } from '../../components/BookingForm.js';

type BookNowModalProps = Omit<BookingFormProps, 'returnUrl' | 'onBooked' | 'onBusyChange' | 'signIn'> & {
  open: boolean;
  onClose(): void;
};

/**
 * 'Book Now' (mounted in the browser only, once per opening): the booking form (client/components/BookingForm.tsx)
 * in a dialog that does not close while a booking is being made.
 */
export function BookNowModal({ open, onClose, ...form }: BookNowModalProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (busy) return;
    onClose();
  };
  return (
    <Modal title={t('book.title')} open={open} onCancel={close} footer={null} className="book-now-modal">
      <BookingForm {...form} onBusyChange={setBusy} />
    </Modal>
  );
}

