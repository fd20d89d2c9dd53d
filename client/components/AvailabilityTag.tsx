import type { Bike } from '../api/bikes.js';
import { useT } from '../app/i18n.js';
import { StatusTag } from './StatusTag.js';

/** Spec section 4: the dashboard and the admin list say Available when quantity is above 0. */
export const isInStock = (bike: Pick<Bike, 'quantity'>): boolean => bike.quantity > 0;

export function AvailabilityTag({ bike }: { bike: Pick<Bike, 'quantity'> }) {
  const t = useT();
  return isInStock(bike) ? <StatusTag tone="success">{t('bike.available')}</StatusTag> : <StatusTag tone="danger">{t('bike.unavailable')}</StatusTag>;
}
