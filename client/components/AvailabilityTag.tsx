import type { Bike } from '../api/bikes.js';
import { StatusTag } from './StatusTag.js';

/** Spec section 4: the dashboard and the admin list say Available when quantity is above 0. */
export const isInStock = (bike: Pick<Bike, 'quantity'>): boolean => bike.quantity > 0;

export function AvailabilityTag({ bike }: { bike: Pick<Bike, 'quantity'> }) {
  return isInStock(bike) ? <StatusTag tone="success">Available</StatusTag> : <StatusTag tone="danger">Unavailable</StatusTag>;
}
