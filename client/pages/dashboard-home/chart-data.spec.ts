import type { DashboardRental } from '../../api/dashboard.js';
import { formatMessage } from '../../../locales/index.js';
import { costBars, signupPoints } from './chart-data.js';

const rental = (i: number, cost: number): DashboardRental => ({ _id: `r${i}`, bikeName: `Bike ${i}`, cost, userEmail: `u${i}@example.com`, quantity: 1 });

describe('costBars: the grouped bar sums costs in the currency\'s own decimals (issue 27)', () => {
  it('keeps three decimals for KWD, none for JPY, two for USD', () => {
    const kwd = costBars([rental(1, 9), rental(2, 1.001), rental(3, 1.002), rental(4, 0.005)], 1, 'KWD');
    expect(kwd.at(-1)).toMatchObject({ grouped: true, cost: 2.008 });
    const jpy = costBars([rental(1, 9000), rental(2, 1500), rental(3, 2300)], 1, 'JPY');
    expect(jpy.at(-1)).toMatchObject({ grouped: true, cost: 3800 });
    const usd = costBars([rental(1, 90), rental(2, 0.1), rental(3, 0.2)], 1);
    expect(usd.at(-1)).toMatchObject({ grouped: true, cost: 0.3 });
  });

  it('names the grouped bar in English by default, in the page\'s language when given its words', () => {
    const rentals = [rental(1, 90), rental(2, 5), rental(3, 4)];
    expect(costBars(rentals, 1).at(-1)).toMatchObject({ label: '2 other rentals', detail: '2 riders' });
    const german = costBars(rentals, 1, 'USD', (id, values) => formatMessage('de', id, values));
    expect(german.at(-1)).toMatchObject({ label: '2 weitere Mieten', detail: '2 Fahrer' });
    const bangla = costBars(rentals, 1, 'USD', (id, values) => formatMessage('bn', id, values));
    expect(bangla.at(-1)).toMatchObject({ label: 'আরও ২টি ভাড়া', detail: '২জন চালক' });
  });
});

describe('signupPoints: months and weekdays in the page\'s language (issue 27)', () => {
  const months = [
    { month: '2025-12', count: 1 },
    { month: '2026-01', count: 2 },
    { month: '2026-02', count: 0 },
  ];
  const days = [{ date: '2026-05-04', weekday: 'Mon' as const, count: 3 }];

  it('reads as the spec writes it in English', () => {
    expect(signupPoints('all', months, days)).toEqual([
      { key: '2025-12', label: 'Dec 2025', name: 'Dec', year: '2025', count: 1 },
      { key: '2026-01', label: 'Jan 2026', name: 'Jan', year: '2026', count: 2 },
      { key: '2026-02', label: 'Feb 2026', name: 'Feb', year: null, count: 0 },
    ]);
    expect(signupPoints('week', months, days)).toEqual([{ key: '2026-05-04', label: 'Mon', name: 'Mon', year: null, count: 3 }]);
  });

  it('names months, years and weekdays by Intl in German and Bangla (Bangla digits)', () => {
    const german = signupPoints('all', months, days, 'de');
    expect(german.map((p) => p.year)).toEqual(['2025', '2026', null]);
    expect(german[0].label).toBe('Dez. 2025');
    expect(signupPoints('week', months, days, 'de')[0].name).toBe('Mo');
    const bangla = signupPoints('all', months, days, 'bn');
    expect(bangla.map((p) => p.year)).toEqual(['২০২৫', '২০২৬', null]);
    expect(signupPoints('week', months, days, 'bn')[0].name).toBe('সোম');
  });
});
