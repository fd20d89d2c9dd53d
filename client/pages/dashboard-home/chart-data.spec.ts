import type { DashboardRental } from '../../api/dashboard.js';
import { costBars } from './chart-data.js';

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
});
