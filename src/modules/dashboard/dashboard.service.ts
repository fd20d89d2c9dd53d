import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { CatalogChanges } from '../../database/catalog-changes.service.js';
import { DailySignupsDto, DashboardSummaryDto, MonthlySignupsDto } from './dashboard.dto.js';
import { DashboardRepository } from './dashboard.repository.js';
import { loggableError } from '../../common/loggable-error.js';
import { toMajor } from '../../common/money.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const CHART_RENTALS = 50;
const NEW_USERS = 10;

/**
 * A large shop's summary (its sums read every rental, payment and unit: about a second at 1,000,000 rentals) is
 * kept and served from memory. A change to the data (CatalogChanges: this instance's writes, every instance's
 * through the database) marks it stale: the next call still answers at once with the kept summary and refreshes it
 * in the background, one computation at a time, so a busy shop's admins never wait for the sums. A kept summary is
 * refreshed after SUMMARY_TTL_MS even without a change, and never served older than SUMMARY_MAX_STALE_MS or from
 * another day. A shop below LARGE_SHOP_USERS users and LARGE_SHOP_UNITS rented units is summed afresh on every call.
 */
const SUMMARY_TTL_MS = 60_000;
const SUMMARY_MAX_STALE_MS = 5 * 60_000;
const LARGE_SHOP_USERS = 1_000;
const LARGE_SHOP_UNITS = 10_000;

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

interface KeptSummary {
  day: number;
  computedAt: number;
  /** The change count the computation started at. */
  changes: number;
  /** The data changed since this summary was computed. */
  stale: boolean;
  summary: DashboardSummaryDto;
}

@Injectable()
export class DashboardService implements OnModuleDestroy {
  private readonly logger = new Logger('Dashboard');
  private kept?: KeptSummary;
  /** The computation running now and the change count it started at (a caller may share it only if nothing changed since). */
  private running?: { changes: number; promise: Promise<DashboardSummaryDto> };
  private readonly unsubscribe: () => void;
  private changes = 0;

  constructor(
    private readonly dashboard: DashboardRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    changes: CatalogChanges,
  ) {
    this.unsubscribe = changes.subscribe(() => {
      this.changes += 1;
      if (this.kept) this.kept.stale = true;
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  async getSummary(): Promise<DashboardSummaryDto> {
    const now = this.clock.now();
    const day = Math.floor(now.getTime() / DAY_MS);
    const kept = this.kept;
    if (kept && kept.day === day) {
      const age = Date.now() - kept.computedAt;
      if (!kept.stale && age < SUMMARY_TTL_MS) return kept.summary;
      if (age < SUMMARY_MAX_STALE_MS) {
        // One background computation at a time: the call after it ends refreshes again if more changed meanwhile.
        if (!this.running) this.refresh(now).catch((e: unknown) => this.logger.warn(`background refresh of the summary failed: ${loggableError(e)}`));
        return kept.summary;
      }
    }
    return this.refresh(now);
  }

  /** Computes the summary, or joins the computation already running when nothing changed since it started. */
  private refresh(now: Date): Promise<DashboardSummaryDto> {
    const current = this.running;
    if (current && current.changes === this.changes) return current.promise;
    const changes = this.changes;
    const run = { changes, promise: this.computeSummary(now) };
    this.running = run;
    return run.promise
      .then((summary) => {
        const large = summary.totals.totalUsers >= LARGE_SHOP_USERS || summary.totals.totalRented >= LARGE_SHOP_UNITS;
        // A computation that started before the kept one (overtaken by a later change) never replaces it.
        if (!large) this.kept = undefined;
        else if (!this.kept || this.kept.changes <= changes) {
          this.kept = { day: Math.floor(now.getTime() / DAY_MS), computedAt: Date.now(), changes, stale: changes !== this.changes, summary };
        }
        return summary;
      })
      .finally(() => {
        if (this.running === run) this.running = undefined;
      });
  }

  private async computeSummary(now: Date): Promise<DashboardSummaryDto> {
    const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const weekStart = new Date(todayStart - 6 * DAY_MS);
    const tomorrow = new Date(todayStart + DAY_MS);
    const { RENTAL_CURRENCY: rentalCurrency, BOOKING_FEE_CURRENCY: feeCurrency } = this.config.env;

    return this.dashboard.snapshot(async () => {
      const totals = await this.dashboard.totals({ rental: rentalCurrency, bookingFee: feeCurrency });
      const rentals = await this.dashboard.recentReturnedRentals(CHART_RENTALS);
      const months = await this.dashboard.signupsPerMonth();
      const days = await this.dashboard.signupsPerDay(weekStart, tomorrow);
      const newUsers = await this.dashboard.newestUsers(NEW_USERS);
      const giftCardCurrency = this.config.giftCardCurrency;
      const gift = await this.dashboard.giftCards(giftCardCurrency, now);

      const perDay = new Map(days.map((d) => [d.date, d.count]));
      const signupsLast7Days: DailySignupsDto[] = Array.from({ length: 7 }, (_, i) => {
        const day = new Date(weekStart.getTime() + i * DAY_MS);
        const date = day.toISOString().slice(0, 10);
        return { date, weekday: WEEKDAYS[day.getUTCDay()], count: perDay.get(date) ?? 0 };
      });

      return {
        totals: {
          totalRented: totals.rentedUnits,
          totalEarn: toMajor(totals.rentalEarnMinor, rentalCurrency),
          currency: rentalCurrency,
          bookingFees: { amount: toMajor(totals.bookingFeesMinor, feeCurrency), currency: feeCurrency },
          totalBikes: totals.fleetUnits,
          totalUsers: totals.users,
          addonRevenue: { amount: toMajor(totals.addonRevenueMinor, rentalCurrency), currency: rentalCurrency },
          couponUses: totals.couponUses,
          couponDiscounts: { amount: toMajor(totals.couponDiscountMinor, rentalCurrency), currency: rentalCurrency },
        },
        giftCards: {
          currency: giftCardCurrency,
          soldCount: gift.soldCount,
          soldAmount: toMajor(gift.soldMinor, giftCardCurrency),
          outstanding: toMajor(gift.outstandingMinor, giftCardCurrency),
          redeemed: toMajor(gift.redeemedMinor, giftCardCurrency),
        },
        rentals: rentals.map((r) => ({
          _id: r.id,
          bikeName: r.bikeName,
          cost: toMajor(r.totalCostCents, r.currency),
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
