import { ApiProperty } from '@nestjs/swagger';

export class MoneyDto {
  @ApiProperty({ example: 1200, description: 'Major units' }) amount: number;
  @ApiProperty({ example: 'BDT' }) currency: string;
}

export class DashboardTotalsDto {
  @ApiProperty({
    example: 42,
    description:
      'Units rented: the sum of `quantity` over rentals whose booking fee was paid (booked, returned or paid). ' +
      'Rentals still waiting for the booking fee and cancelled rentals do not count.',
  })
  totalRented: number;

  @ApiProperty({
    example: 1875.5,
    description:
      'Money earned from rentals, in major units of `currency` (RENTAL_CURRENCY): the sum of succeeded rental ' +
      'payments. Booking fees are reported apart in `bookingFees` because they are charged in another currency.',
  })
  totalEarn: number;

  @ApiProperty({ example: 'USD', description: 'Currency of totalEarn and of the rentals chart' }) currency: string;

  @ApiProperty({
    type: MoneyDto,
    description: 'Sum of succeeded booking-fee payments, in major units of BOOKING_FEE_CURRENCY',
  })
  bookingFees: MoneyDto;

  @ApiProperty({
    example: 120,
    description:
      'Units in the fleet: every active unit of a bike not deleted, counted once whether it is in the shop, out on a rental ' +
      'or booked for later.',
  })
  totalBikes: number;

  @ApiProperty({ example: 57, description: 'Number of accounts, users and admins' }) totalUsers: number;

  @ApiProperty({
    type: MoneyDto,
    description: 'Add-on revenue: the add-on lines of rentals whose booking fee was paid (booked, returned or paid), in RENTAL_CURRENCY',
  })
  addonRevenue: MoneyDto;

  @ApiProperty({ example: 14, description: 'Uses of discount codes by bookings not cancelled (a cancelled booking gives its use back)' }) couponUses: number;

  @ApiProperty({ type: MoneyDto, description: 'The discounts those uses gave, in RENTAL_CURRENCY' }) couponDiscounts: MoneyDto;
}

export class DashboardRentalDto {
  @ApiProperty({ example: '9d1e4c2a-5b6f-4a7e-8c9d-0e1f2a3b4c5d' }) _id: string;
  @ApiProperty({ example: 'Yamaha FZ-S V3' }) bikeName: string;
  @ApiProperty({ example: 37.5, description: 'The rental total cost, major units of RENTAL_CURRENCY' }) cost: number;
  @ApiProperty({ example: 'rahim@example.com' }) userEmail: string;
  @ApiProperty({ example: 1 }) quantity: number;
}

export class MonthlySignupsDto {
  @ApiProperty({ example: '2026-04' }) month: string;
  @ApiProperty({ example: 12 }) count: number;
}

export class DailySignupsDto {
  @ApiProperty({ example: '2026-05-04' }) date: string;
  @ApiProperty({ example: 'Mon', enum: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] }) weekday: string;
  @ApiProperty({ example: 3 }) count: number;
}

export class NewUserDto {
  @ApiProperty({ example: '0b6f1d9e-7c1a-4f3e-9a51-2f0c8d1e4b7a' }) _id: string;
  @ApiProperty({ example: 'Rahim Uddin' }) name: string;
  @ApiProperty({ example: 'rahim@example.com' }) email: string;
  @ApiProperty({ example: '2026-05-01T10:00:00.000Z' }) createdAt: string;
}

export class DashboardGiftCardsDto {
  @ApiProperty({ example: 'USD', description: 'GIFT_CARD_CURRENCY' }) currency: string;
  @ApiProperty({ example: 12, description: 'Gift cards sold (their sale paid)' }) soldCount: number;
  @ApiProperty({ example: 600, description: 'What they were sold for, major units' }) soldAmount: number;
  @ApiProperty({
    example: 412.5,
    description: 'Liability: the balances still to be spent on cards that have not expired (money received for rentals not yet given)',
  })
  outstanding: number;
  @ApiProperty({ example: 187.5, description: 'Gift-card money spent on booking fees and rentals (kept, not refunded to the card)' }) redeemed: number;
}

export class DashboardSummaryDto {
  @ApiProperty({ type: DashboardTotalsDto }) totals: DashboardTotalsDto;

  @ApiProperty({ type: DashboardGiftCardsDto, description: 'Gift cards (issue 25): sales and what is still owed on them' })
  giftCards: DashboardGiftCardsDto;

  @ApiProperty({
    type: [DashboardRentalDto],
    description: 'Cost per rental for the bar chart: the 50 most recently returned rentals (returned or paid), newest first',
  })
  rentals: DashboardRentalDto[];

  @ApiProperty({
    type: [MonthlySignupsDto],
    description: 'Signups per calendar month (UTC), oldest first, from the month of the first signup to the month of the last; months without signups included with 0',
  })
  signupsByMonth: MonthlySignupsDto[];

  @ApiProperty({
    type: [DailySignupsDto],
    description: 'Signups per day (UTC) over the last 7 days, oldest first and ending today: always 7 entries',
  })
  signupsLast7Days: DailySignupsDto[];

  @ApiProperty({ type: [NewUserDto], description: 'The 10 newest accounts, newest first' })
  newUsers: NewUserDto[];
}
