import { Alert, InputNumber, Skeleton } from 'antd';
import { useId, useState } from 'react';
import { addonsParam, useBikeAddons, type AddonPick, type BikeAddon } from '../api/addons.js';
import { useLocale, useT } from '../app/i18n.js';
import { formatMoney } from '../lib/money.js';
import './addon-picker.css';

interface AddonPickerProps {
  addons: BikeAddon[] | undefined;
  loading: boolean;
  error: Error | null;
  picks: AddonPick[];
  onChange(picks: AddonPick[]): void;
  disabled?: boolean;
}

function freeText(a: BikeAddon, t: ReturnType<typeof useT>): string {
  if (a.available === null) return t('fleet.addons.always');
  if (a.available === 0) return t('fleet.addons.full');
  return t('fleet.addons.free', { count: a.available });
}

/** The quantity picked of an add-on (0 when none). */
export const pickedOf = (picks: AddonPick[], addonId: string): number => picks.find((p) => p.addonId === addonId)?.quantity ?? 0;

/**
 * The add-ons picked for a booking of `bikeId` over a window (null until the window is valid): what the bike offers
 * for it, the picks as the customer (or staff) left them, and `chosen`, what the server will take: only add-ons
 * offered, one per bike at most for a helmet-like add-on. `param` is the quote's `addons` parameter of `chosen`.
 * Book Now and the counter sale share it with AddonPicker.
 */
export function useAddonPicks(bikeId: string, window: { startTime: string; endTime: string; quantity: number } | null) {
  const bikeAddons = useBikeAddons(bikeId, window);
  const [picks, setPicks] = useState<AddonPick[]>([]);
  const offered = bikeAddons.data ?? [];
  const chosen: AddonPick[] = window
    ? picks
        .map((p) => {
          const a = offered.find((o) => o._id === p.addonId);
          return a ? { addonId: p.addonId, quantity: a.perBike ? Math.min(p.quantity, window.quantity) : p.quantity } : null;
        })
        .filter((p): p is AddonPick => p !== null && p.quantity > 0)
    : [];
  return { bikeAddons, picks, setPicks, chosen, param: chosen.length ? addonsParam(chosen) : undefined };
}

/**
 * Book Now's and the counter sale's extras (issue 25): the add-ons that fit the bike, each with its price for the window and what is free
 * for it, and a quantity (one per bike at most for a helmet-like add-on). Hidden when none fit the bike.
 */
export function AddonPicker({ addons, loading, error, picks, onChange, disabled }: AddonPickerProps) {
  const headingId = useId();
  const t = useT();
  const locale = useLocale();
  if (error) return <Alert type="warning" showIcon title={t('fleet.addons.loadError')} description={error.message} />;
  if (loading && !addons) {
    return (
      <div className="addon-picker" aria-busy="true">
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </div>
    );
  }
  if (!addons || addons.length === 0) return null;
  const set = (addonId: string, quantity: number) => {
    const rest = picks.filter((p) => p.addonId !== addonId);
    onChange(quantity > 0 ? [...rest, { addonId, quantity }] : rest);
  };
  return (
    <section className="addon-picker" aria-labelledby={headingId}>
      <h3 id={headingId} className="addon-picker-title">
        {t('fleet.addons.title')}
      </h3>
      <ul className="addon-list">
        {addons.map((a) => {
          const picked = pickedOf(picks, a._id);
          const inputId = `addon-${a._id}`;
          const max = Math.max(picked, a.maxQuantity);
          return (
            <li key={a._id} className="addon-row">
              {a.imageUrl ? <img className="addon-photo" src={a.imageUrl} alt="" width={44} height={44} loading="lazy" /> : null}
              <div className="addon-text">
                <label htmlFor={inputId} className="addon-name">
                  {a.name}
                </label>
                {a.description ? <span className="addon-description">{a.description}</span> : null}
                <span className="addon-meta">
                  {t('fleet.addons.each', { amount: formatMoney(a.unitPrice, a.currency, locale) })}
                  {a.perBike ? ` · ${t('fleet.addons.onePerBike')}` : ''} ·{' '}
                  <span className={a.available === 0 ? 'addon-full' : undefined}>{freeText(a, t)}</span>
                  {a.deposit > 0 ? ` · ${t('fleet.addons.deposit', { amount: formatMoney(a.deposit, a.currency, locale) })}` : ''}
                </span>
              </div>
              <InputNumber
                id={inputId}
                className="addon-quantity"
                min={0}
                max={max}
                precision={0}
                value={picked}
                disabled={disabled || (max === 0 && picked === 0)}
                onChange={(value) => set(a._id, typeof value === 'number' ? Math.min(Math.max(0, value), max) : 0)}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
