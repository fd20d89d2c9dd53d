import { BadRequestException, Injectable } from '@nestjs/common';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Clock } from '../../common/clock.js';
import { invalidField } from '../../common/field-error.js';
import { closedReason, DayHours, isCalendarDate, minutesOf, OpeningRules, WEEKDAYS } from '../../common/opening-hours.js';
import { shopTimeZone } from '../../common/shop-time.js';
import { ShopSettingsRepository } from './shop-settings.repository.js';
import { OpeningHoursDto, UpdateOpeningHoursDto } from './shop.dto.js';

/** A window whose pick-up (start) and return (end, when fixed) must fall in the opening hours. */
export interface PickupWindow {
  start: Date;
  end: Date | null;
}

/**
 * The shop's settings: opening hours and closed dates (pick-up and return times outside them are refused), and the
 * secret of the staff's calendar feeds. With no hours set every time is open, as before hours existed.
 */
@Injectable()
export class ShopSettingsService {
  constructor(
    private readonly repo: ShopSettingsRepository,
    private readonly clock: Clock,
  ) {}

  async rules(): Promise<OpeningRules> {
    const row = await this.repo.find();
    return { openingHours: row?.openingHours ?? null, closedDates: row?.closedDates ?? [] };
  }

  async hours(): Promise<OpeningHoursDto> {
    return this.toDto(await this.rules());
  }

  private toDto(rules: OpeningRules): OpeningHoursDto {
    return {
      timeZone: shopTimeZone(),
      openingHours: rules.openingHours
        ? rules.openingHours.map((d, i) => ({ day: WEEKDAYS[i], open: d?.open ?? null, close: d?.close ?? null }))
        : null,
      closedDates: rules.closedDates,
    };
  }

  /** PUT shop/hours (admin): all seven weekdays once each, open before close; closed dates real dates. */
  async updateHours(dto: UpdateOpeningHoursDto): Promise<OpeningHoursDto> {
    let weekly: (DayHours | null)[] | null = null;
    if (dto.openingHours) {
      weekly = new Array<DayHours | null>(7).fill(null);
      const seen = new Set<string>();
      dto.openingHours.forEach((d, i) => {
        const path = `openingHours.${i}`;
        if (seen.has(d.day)) throw invalidField(`${path}.day`, `${d.day} is listed twice`);
        seen.add(d.day);
        if (d.closed) {
          if (d.open !== undefined || d.close !== undefined) throw invalidField(`${path}.open`, `A closed day has no opening time (${d.day})`);
          return;
        }
        if (d.open === undefined) throw invalidField(`${path}.open`, `open is required unless ${d.day} is closed`);
        if (d.close === undefined) throw invalidField(`${path}.close`, `close is required unless ${d.day} is closed`);
        if (minutesOf(d.close) <= minutesOf(d.open)) throw invalidField(`${path}.close`, `close must be after open (${d.day})`);
        weekly![WEEKDAYS.indexOf(d.day)] = { open: d.open, close: d.close };
      });
      if (seen.size !== 7) {
        const missing = WEEKDAYS.filter((d) => !seen.has(d));
        throw invalidField('openingHours', `openingHours must list all seven weekdays (missing: ${missing.join(', ')})`);
      }
    }
    const closedDates = [...new Set(dto.closedDates ?? [])].sort();
    const bad = closedDates.findIndex((d) => !isCalendarDate(d));
    if (bad >= 0) throw invalidField(`closedDates.${bad}`, `${closedDates[bad]} is not a calendar date`);
    const row = await this.repo.upsert({ openingHours: weekly, closedDates }, this.clock.now());
    return this.toDto({ openingHours: row.openingHours ?? null, closedDates: row.closedDates });
  }

  /**
   * 400 SHOP_CLOSED naming the field when the pick-up (start) or the return (a fixed end) falls outside the opening
   * hours or on a closed date. The quote answers the same, so the customer learns why before booking.
   */
  async assertOpen(w: PickupWindow, fields = { start: 'startTime', end: 'endTime' }, rules?: OpeningRules): Promise<void> {
    const r = rules ?? (await this.rules());
    if (!r.openingHours && r.closedDates.length === 0) return;
    const zone = shopTimeZone();
    const checks: [string, Date | null, string][] = [
      [fields.start, w.start, 'Pick-up'],
      [fields.end, w.end, 'Return'],
    ];
    for (const [field, at, what] of checks) {
      if (!at) continue;
      const reason = closedReason(r, at, zone);
      if (reason) {
        const message = `${what} time ${field} is outside the opening hours: ${reason}`;
        throw new BadRequestException({ message, code: 'SHOP_CLOSED', errors: [{ path: field, message }] });
      }
    }
  }

  /** The calendar feeds' secret, made on first use. */
  async feedToken(): Promise<string> {
    const row = await this.repo.find();
    return row?.feedToken ?? this.repo.ensureFeedToken(newToken(), this.clock.now());
  }

  /** A new secret: every URL with the old one stops working. */
  async rotateFeedToken(): Promise<string> {
    return (await this.repo.upsert({ feedToken: newToken() }, this.clock.now())).feedToken!;
  }

  /** Does `token` match the feed secret (compared in constant time)? */
  async isFeedToken(token: string): Promise<boolean> {
    const current = (await this.repo.find())?.feedToken;
    if (!current || token.length !== current.length) return false;
    return timingSafeEqual(Buffer.from(token), Buffer.from(current));
  }
}

const newToken = (): string => randomBytes(24).toString('base64url');
