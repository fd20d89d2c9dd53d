import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { DailySignupsDto, DashboardSummaryDto, MonthlySignupsDto } from './dashboard.dto.js';
import { DashboardRepository } from './dashboard.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const CHART_RENTALS = 50;
const NEW_USERS = 10;

const major = (minor: number): number => Math.round(minor) / 100;

/** Every 'YYYY-MM' month from the first found to the last found (sorted input), 0 where none was found. */
function fillMonths(found: { month: string; count: number }[]): MonthlySignupsDto[] {
  if (found.length === 0) return [];
  const counts = new Map(found.map((m) => [m.month, m.count]));
  const [year, month] = found[0].month.split('-').map(Number);
  const last = found[found.length - 1].month;
  const out: MonthlySignupsDto[] = [];
  for (let index = year * 12 + (month - 1); ; index++) {
    const key = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    out.push({ month: key, count: counts.get(key) ?? 0 });
    if (key === last) return out;
  }
}

@Injectable()
export class DashboardService {
  constructor(
    private readonly dashboard: DashboardRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async getSummary(): Promise<DashboardSummaryDto> {
    const now = this.clock.now();
    const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const weekStart = new Date(todayStart - 6 * DAY_MS);
    const tomorrow = new Date(todayStart + DAY_MS);
    const { RENTAL_CURRENCY: rentalCurrency, BOOKING_FEE_CURRENCY: feeCurrency } = this.config.env;

    return this.dashboard.snapshot(async (tx) => {
      const totals = await this.dashboard.totals({ rental: rentalCurrency, bookingFee: feeCurrency }, now, tx);
      const rentals = await this.dashboard.recentReturnedRentals(CHART_RENTALS, tx);
      const months = await this.dashboard.signupsPerMonth(tx);
      const days = await this.dashboard.signupsPerDay(weekStart, tomorrow, tx);
      const newUsers = await this.dashboard.newestUsers(NEW_USERS, tx);

      const perDay = new Map(days.map((d) => [d.date, d.count]));
      const signupsLast7Days: DailySignupsDto[] = Array.from({ length: 7 }, (_, i) => {
        const day = new Date(weekStart.getTime() + i * DAY_MS);
        const date = day.toISOString().slice(0, 10);
        return { date, weekday: WEEKDAYS[day.getUTCDay()], count: perDay.get(date) ?? 0 };
      });

      return {
        totals: {
          totalRented: totals.rentedUnits,
          totalEarn: major(totals.rentalEarnMinor),
          currency: rentalCurrency,
          bookingFees: { amount: major(totals.bookingFeesMinor), currency: feeCurrency },
          totalBikes: totals.unitsInStock + totals.unitsOut,
          totalUsers: totals.users,
        },
        rentals: rentals.map((r) => ({
          _id: r.id,
          bikeName: r.bikeName,
          cost: major(r.totalCostCents),
          userEmail: r.userEmail,
          quantity: r.quantity,
        })),
        signupsByMonth: fillMonths(months),
        signupsLast7Days,
        newUsers: newUsers.map((u) => ({ _id: u.id, name: u.name, email: u.email, createdAt: u.createdAt.toISOString() })),
      };
    });
  }
}
