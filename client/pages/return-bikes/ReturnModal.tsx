import { Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/http.js';
import { useReturnPreview, useReturnRental, type Rental, type ReturnPreview } from '../../api/rentals.js';
import { useShopTimeZone } from '../../app/app-settings.js';
import { notify } from '../../app/notify.js';
import { toZonedInputValue, zonedInputToIso } from '../../lib/time.js';
import { DateTime } from '../../components/DateTime.js';
import { formatMoney } from '../../lib/money.js';

/** Spec section 9: return toasts last 1000 ms. */
const RETURN_TOAST_MS = 1000;
const AFTER_START = 'Return time must be after the start time';
const HOUR_MS = 3_600_000;

/** The server's rule: every started hour counts, times the price at booking, times the units. */
function estimateCost(rental: Rental, returnAt: Date): number {
  const hours = Math.ceil((returnAt.getTime() - new Date(rental.startTime).getTime()) / HOUR_MS);
  return hours * rental.pricePerHour * rental.quantity;
}

/** A fixed window costs its quote (plus a late fee past the planned return and grace); an open-ended one by the hour. */
function costHint(rental: Rental, returnAt: Date): string {
  if (rental.endTime && rental.quote) {
    const late = returnAt.getTime() > new Date(rental.endTime).getTime();
    return `Cost: ${formatMoney(rental.quote.total, rental.quote.currency)}${late ? ', plus a late fee per started hour if past the grace period' : ''}`;
  }
  return `Cost: ${formatMoney(estimateCost(rental, returnAt), rental.currency)}`;
}

/** The server's price of this return: the total, its late fee and what would be due (issue 20 item 19). */
function previewText(p: ReturnPreview): string {
  const late = p.lateFee > 0 ? ` (late fee ${formatMoney(p.lateFee, p.currency)} for ${p.lateHours} started hour${p.lateHours === 1 ? '' : 's'} after the grace period)` : '';
  const due = p.due > 0 ? `; due after the return: ${formatMoney(p.due, p.currency)}` : p.totalPaid > 0 ? '; already paid in full' : '';
  return `Cost: ${formatMoney(p.totalCost, p.currency)}${late}${due}`;
}

interface ReturnModalProps {
  rental: Rental;
  /** Filled in when the modal opens (now, if that is after the start), so the common case is one click. */
  initialValue: string;
  onClose: () => void;
}

export function ReturnModal({ rental, initialValue, onClose }: ReturnModalProps) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const returnRental = useReturnRental();
  const bikeName = rental.bikeId?.name || 'N/A';
  const zone = useShopTimeZone();
  const returnIso = value ? zonedInputToIso(value, zone) : null;
  const returnAt = returnIso ? new Date(returnIso) : null;
  const validTime = returnAt !== null && !Number.isNaN(returnAt.getTime()) && returnAt.getTime() > new Date(rental.startTime).getTime();
  const preview = useReturnPreview(rental._id, validTime && returnAt ? returnAt.toISOString() : null);
  const hint = validTime && returnAt ? (preview.data && !preview.isError ? previewText(preview.data) : costHint(rental, returnAt)) : undefined;

  const confirm = () => {
    if (!validTime || !returnAt) {
      setError(AFTER_START);
      notify.error(AFTER_START, RETURN_TOAST_MS);
      return;
    }
    returnRental.mutate(
      { id: rental._id, returnTime: returnAt.toISOString() },
      {
        onSuccess: () => {
          notify.success('Bike returned successfully', RETURN_TOAST_MS);
          onClose();
        },
        onError: (failure) => {
          const answered = isApiError(failure) && failure.kind === 'http';
          notify.error(answered ? 'Error in returning bike' : 'An unexpected error occurred', RETURN_TOAST_MS);
        },
      },
    );
  };

  return (
    <Modal
      open
      title={`Confirm Return for ${bikeName}`}
      okText="Confirm Return"
      cancelText="Cancel"
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
          { key: 'user', label: 'Rented By', children: rental.userId?.name || 'N/A' },
          { key: 'start', label: 'Start Time', children: <DateTime value={rental.startTime} /> },
          ...(rental.endTime ? [{ key: 'due', label: 'Planned return', children: <DateTime value={rental.endTime} /> }] : []),
          { key: 'quantity', label: 'Quantity', children: rental.quantity },
          ...(rental.units?.length ? [{ key: 'units', label: 'Units', children: rental.units.map((u) => u.label).join(', ') }] : []),
          { key: 'price', label: 'Price per hour', children: formatMoney(rental.pricePerHour, rental.currency) },
        ]}
      />
      <Form layout="vertical" component="div">
        <Form.Item
          label="Return time"
          htmlFor="return-time"
          validateStatus={error ? 'error' : undefined}
          help={error ?? hint}
          style={{ marginBottom: 8 }}
        >
          <Input
            id="return-time"
            type="datetime-local"
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
