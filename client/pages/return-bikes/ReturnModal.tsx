import { Descriptions, Form, Modal } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/http.js';
import { useReturnPreview, useReturnRental, type Rental, type ReturnPreview } from '../../api/rentals.js';
import { useShopTimeZone } from '../../app/app-settings.js';
import { notify } from '../../app/notify.js';
import { toZonedInputValue, zonedInputToIso } from '../../lib/time.js';
import { DateTime } from '../../components/DateTime.js';
import { formatMoney } from '../../lib/money.js';
import { useLocale, useT } from '../../app/i18n.js';
import { DateTimeInput } from '../../components/DateTimeInput.js';

type Translate = ReturnType<typeof useT>;

/** Spec section 9: return toasts last 1000 ms. */
const RETURN_TOAST_MS = 1000;
const HOUR_MS = 3_600_000;

/** The server's rule: every started hour counts, times the price at booking, times the units. */
function estimateCost(rental: Rental, returnAt: Date): number {
  const hours = Math.ceil((returnAt.getTime() - new Date(rental.startTime).getTime()) / HOUR_MS);
  return hours * rental.pricePerHour * rental.quantity;
}

/** A fixed window costs its quote (plus a late fee past the planned return and grace); an open-ended one by the hour. */
function costHint(rental: Rental, returnAt: Date, t: Translate, locale: string): string {
  if (rental.endTime && rental.quote) {
    const late = returnAt.getTime() > new Date(rental.endTime).getTime();
    return t(late ? 'desk.return.costLate' : 'desk.return.cost', { amount: formatMoney(rental.quote.total, rental.quote.currency, locale) });
  }
  return t('desk.return.cost', { amount: formatMoney(estimateCost(rental, returnAt), rental.currency, locale) });
}

/** The server's price of this return: the total, its late fee and what would be due (issue 20 item 19). */
function previewText(p: ReturnPreview, t: Translate, locale: string): string {
  const money = (amount: number) => formatMoney(amount, p.currency, locale);
  const late = p.lateFee > 0 ? t('desk.return.previewLate', { fee: money(p.lateFee), hours: p.lateHours }) : '';
  const due = p.due > 0 ? t('desk.return.previewDue', { amount: money(p.due) }) : p.totalPaid > 0 ? t('desk.return.previewPaid') : '';
  return t('desk.return.preview', { amount: money(p.totalCost), late, due });
}

interface ReturnModalProps {
  rental: Rental;
  /** Filled in when the modal opens (now, if that is after the start), so the common case is one click. */
  initialValue: string;
  onClose: () => void;
}

export function ReturnModal({ rental, initialValue, onClose }: ReturnModalProps) {
  const t = useT();
  const locale = useLocale();
  const na = t('desk.return.na');
  const afterStart = t('desk.return.afterStart');
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const returnRental = useReturnRental();
  const bikeName = rental.bikeId?.name || na;
  const zone = useShopTimeZone();
  const returnIso = value ? zonedInputToIso(value, zone) : null;
  const returnAt = returnIso ? new Date(returnIso) : null;
  const validTime = returnAt !== null && !Number.isNaN(returnAt.getTime()) && returnAt.getTime() > new Date(rental.startTime).getTime();
  const preview = useReturnPreview(rental._id, validTime && returnAt ? returnAt.toISOString() : null);
  const hint = validTime && returnAt ? (preview.data && !preview.isError ? previewText(preview.data, t, locale) : costHint(rental, returnAt, t, locale)) : undefined;

  const confirm = () => {
    if (!validTime || !returnAt) {
      setError(afterStart);
      notify.error(afterStart, RETURN_TOAST_MS);
      return;
    }
    returnRental.mutate(
      { id: rental._id, returnTime: returnAt.toISOString() },
      {
        onSuccess: () => {
          notify.success(t('desk.return.returned'), RETURN_TOAST_MS);
          onClose();
        },
        onError: (failure) => {
          const answered = isApiError(failure) && failure.kind === 'http';
          notify.error(answered ? t('desk.return.failed') : t('desk.return.unexpected'), RETURN_TOAST_MS);
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('desk.return.confirmTitle', { bike: bikeName })}
      okText={t('desk.return.confirm')}
      cancelText={t('desk.return.cancel')}
      confirmLoading={returnRental.isPending}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'user', label: t('desk.return.rentedBy'), children: rental.userId?.name || na },
          { key: 'start', label: t('desk.return.startTime'), children: <DateTime value={rental.startTime} /> },
          ...(rental.endTime ? [{ key: 'due', label: t('desk.return.plannedReturn'), children: <DateTime value={rental.endTime} /> }] : []),
          { key: 'quantity', label: t('desk.return.quantity'), children: locale === 'en' ? rental.quantity : new Intl.NumberFormat(locale).format(rental.quantity) },
          ...(rental.units?.length ? [{ key: 'units', label: t('desk.return.units'), children: rental.units.map((u) => u.label).join(', ') }] : []),
          { key: 'price', label: t('desk.return.pricePerHour'), children: formatMoney(rental.pricePerHour, rental.currency, locale) },
        ]}
      />
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('desk.return.returnTime')}
          htmlFor="return-time"
          validateStatus={error ? 'error' : undefined}
          help={error ?? hint}
          style={{ marginBottom: 8 }}
        >
          <DateTimeInput
            id="return-time"
            value={value}
            min={toZonedInputValue(rental.startTime, zone)}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            onPressEnter={confirm}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
