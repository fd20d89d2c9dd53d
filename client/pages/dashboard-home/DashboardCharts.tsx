/**
 * The admin dashboard's two charts, drawn with plain markup and CSS. They are simple (one bar per value), so they
 * need no charting library: they are in the server's HTML, draw with the page, follow the theme through CSS
 * variables, and the signups toggle re-renders a few elements instead of a canvas.
 */
import type { CSSProperties } from 'react';
import { useLocale, useNumberFormat, useT } from '../../app/i18n.js';
import { HoverTooltip } from '../../components/HoverTooltip.js';
import { formatMoney } from '../../lib/money.js';
import type { CostBar, SignupPoint } from './chart-data.js';

/**
 * Spec section 2: the cost tooltip reads 'Earn: $' and the amount, in the shop's currency formatted for the page's
 * language ('Einnahmen: 37,50 $', 'আয়: ৩৭.৫০ US$').
 */
export function useEarnLabel(): (cost: number, currency: string) => string {
  const t = useT();
  const locale = useLocale();
  return (cost, currency) => t('admin.chart.earn', { amount: formatMoney(cost, currency, locale) });
}

const barWidth = (value: number, max: number): CSSProperties => ({
  width: `${max > 0 ? Math.min(100, Math.max((value / max) * 100, value > 0 ? 1.5 : 0)) : 0}%`,
});

/** Horizontal bars, largest first: the bike's name and renter on the left, the amount at the bar's end. */
export function RentalCostChart({ bars, currency }: { bars: CostBar[]; currency: string }) {
  // The scale is the largest single rental's: the grouped sum may run to the end of its track (it is labelled and
  // drawn apart), so it never shrinks the rentals to slivers.
  const max = Math.max(0, ...bars.filter((bar) => !bar.grouped).map((bar) => bar.cost));
  const locale = useLocale();
  const earnLabel = useEarnLabel();
  return (
    <ol className="okb-hbar-chart">
      {bars.map((bar) => (
        <HoverTooltip
          key={bar.key}
          placement="topLeft"
          title={
            <div className="okb-chart-tip">
              <div className="okb-chart-tip-title">{bar.label}</div>
              <div>{earnLabel(bar.cost, currency)}</div>
              <div>{bar.detail}</div>
            </div>
          }
        >
          <li className={bar.grouped ? 'okb-hbar okb-hbar--grouped' : 'okb-hbar'} data-testid="cost-bar">
            <span className="okb-hbar-label">
              <span className="okb-hbar-name">{bar.label}</span>
              <span className="okb-hbar-detail">{bar.detail}</span>
            </span>
            <span className="okb-hbar-track">
              <span className="okb-hbar-fill" style={barWidth(bar.cost, max)} />
              <span className="okb-hbar-value">{formatMoney(bar.cost, currency, locale)}</span>
            </span>
          </li>
        </HoverTooltip>
      ))}
    </ol>
  );
}

/** One column per month (all time) or per day (past week), the count above each column. */
export function SignupsChart({ data }: { data: SignupPoint[] }) {
  const max = Math.max(1, ...data.map((point) => point.count));
  const t = useT();
  // Counts in the page's digits (Bangla ১২), without grouping as before.
  const count = useNumberFormat({ useGrouping: false });
  return (
    <ol className="okb-col-chart" style={{ '--okb-cols': data.length } as CSSProperties}>
      {/* A month's year shows under its first column and under each January; weekdays have none. */}
      {data.map((point) => (
        <HoverTooltip key={point.key} title={t('admin.chart.signupTip', { label: point.label, count: point.count })}>
          <li className="okb-col">
            <span className="okb-col-plot">
              <span className="okb-col-count">{count(point.count)}</span>
              <span className="okb-col-fill" style={{ height: `${(point.count / max) * 100}%` }} />
            </span>
            <span className="okb-col-label">
              {point.name}
              {point.year ? <span className="okb-col-year">{point.year}</span> : null}
            </span>
          </li>
        </HoverTooltip>
      ))}
    </ol>
  );
}
