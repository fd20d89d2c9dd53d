/**
 * The charts of the admin dashboard. @ant-design/charts is large and needs a browser, so this module is only
 * imported lazily, after hydration: it gets its own chunk, which public pages never load.
 */
import { Column, Line } from '@ant-design/charts';
import type { ThemeMode } from '../../app/theme.js';
import { formatMoney } from '../../lib/money.js';
import type { RentalCostPoint, SignupPoint } from './chart-data.js';

const CHART_HEIGHT = 300;

const escapeHtml = (value: unknown): string =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const chartTheme = (mode: ThemeMode) => (mode === 'dark' ? 'classicDark' : 'classic');
const primary = (mode: ThemeMode) => (mode === 'dark' ? '#2dd4bf' : '#0f766e');

interface TooltipItem {
  name?: unknown;
  value?: unknown;
}

export function RentalCostChart({ data, mode, currency }: { data: RentalCostPoint[]; mode: ThemeMode; currency: string }) {
  const byslot = new Map(data.map((d) => [d.slot, d]));
  return (
    <Column
      data={data}
      xField="slot"
      yField="cost"
      height={CHART_HEIGHT}
      autoFit
      theme={chartTheme(mode)}
      style={{ fill: primary(mode), maxWidth: 48, radiusTopLeft: 4, radiusTopRight: 4 }}
      axis={{
        x: { title: false, labelFormatter: (slot: string) => byslot.get(slot)?.bikeName ?? '', labelAutoEllipsis: true, labelAutoHide: true },
        y: { title: false, labelFormatter: (v: number) => formatMoney(v, currency).replace(/\.00$/, '') },
      }}
      tooltip={{
        title: (d: RentalCostPoint) => d.bikeName,
        items: [
          (d: RentalCostPoint) => ({ name: 'Earn', value: `$${d.cost.toFixed(2)}` }),
          (d: RentalCostPoint) => ({ name: 'User', value: d.userEmail }),
        ],
      }}
      interaction={{
        tooltip: {
          // Spec section 2: the tooltip reads 'Earn: $' + amount, then the renter's email.
          render: (_event: unknown, { title, items }: { title: unknown; items: TooltipItem[] }) => {
            const [earn, user] = items;
            return (
              `<div style="padding:2px 0;line-height:1.6">` +
              `<div style="font-weight:600">${escapeHtml(title)}</div>` +
              `<div>Earn: ${escapeHtml(earn?.value ?? '')}</div>` +
              `<div>${escapeHtml(user?.value ?? '')}</div>` +
              `</div>`
            );
          },
        },
      }}
    />
  );
}

export function SignupsChart({ data, mode }: { data: SignupPoint[]; mode: ThemeMode }) {
  return (
    <Line
      data={data}
      xField="label"
      yField="count"
      height={CHART_HEIGHT}
      autoFit
      theme={chartTheme(mode)}
      style={{ stroke: primary(mode), lineWidth: 2 }}
      point={{ shapeField: 'circle', sizeField: 4, style: { fill: primary(mode), stroke: primary(mode) } }}
      scale={{ y: { domainMin: 0, nice: true } }}
      axis={{ x: { title: false }, y: { title: false, labelFormatter: (v: number) => (Number.isInteger(v) ? String(v) : '') } }}
      tooltip={{ items: [(d: SignupPoint) => ({ name: 'New users', value: d.count })] }}
    />
  );
}
