import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { minorOfField } from '../../common/money.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { NewBikeRow } from '../../database/schema/bikes.js';
import { BikeDetailDto, BikeDto, BikePageDto, CreateBikeDto, ListBikesQueryDto, toBikeDto, UpdateBikeDto } from './bikes.dto.js';
import { BikesRepository } from './bikes.repository.js';
import { FleetRepository } from './fleet.repository.js';
import { DomainEvents } from '../events/domain-events.service.js';

export const RELATED_BIKES_LIMIT = 8;

const bikeNotFound = () => new NotFoundException('Bike not found');

@Injectable()
export class BikesService {
  constructor(
    private readonly txHost: TransactionHost,
    private readonly bikes: BikesRepository,
    private readonly fleet: FleetRepository,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly events: DomainEvents,
  ) {}

  async list(query: ListBikesQueryDto): Promise<BikePageDto> {
    const { page, limit } = query;
    const { rows, total } = await this.bikes.list({
      brand: query.brand || undefined,
      model: query.model || undefined,
      searchTerm: query.searchTerm || undefined,
      newestFirst: query.recentlyAdded === true,
      offset: (page - 1) * limit,
      limit,
    });
    return {
      bikes: rows.map(toBikeDto),
      currentPage: page,
      totalPages: Math.max(1, Math.ceil(total / limit)),
      totalCount: total,
    };
  }

  async getDetail(id: string): Promise<BikeDetailDto> {
    const [bike, rating] = await Promise.all([this.bikes.findActiveById(id), this.bikes.ratingSummary(id)]);
    if (!bike) throw bikeNotFound();
    const averageRating =
      rating.reviewCount > 0 ? Math.round((rating.ratingHalvesSum / rating.reviewCount / 2) * 10) / 10 : null;
    return { ...toBikeDto(bike), averageRating, reviewCount: rating.reviewCount };
  }

  async listRelated(id: string): Promise<BikeDto[]> {
    const bike = await this.bikes.findActiveById(id);
    if (!bike) throw bikeNotFound();
    return (await this.bikes.findRelated(bike, RELATED_BIKES_LIMIT)).map(toBikeDto);
  }

  /** POST bikes: the bike and `quantity` units labelled "<brand>-<n>", in one transaction. */
  async create(dto: CreateBikeDto): Promise<BikeDto> {
    this.checkYear(dto.year);
    const id = await this.txHost.run(async () => {
      const currency = this.config.env.RENTAL_CURRENCY;
      const row = await this.bikes.insert(
        {
          ...this.columns(dto, currency),
          pricePerDayCents: optionalMinor(dto.pricePerDay, currency, 'pricePerDay'),
          pricePerWeekCents: optionalMinor(dto.pricePerWeek, currency, 'pricePerWeek'),
          depositAmountCents: minorOfField(dto.depositAmount ?? 0, currency, 'depositAmount'),
          currency,
          isAvailable: dto.isAvailable ?? true,
        },
      );
      await this.fleet.insertUnits(row.id, await this.fleet.nextLabels(row.id, row.brand, dto.quantity), row.createdAt);
      await this.events.record({ type: 'bike.created', data: toBikeDto((await this.bikes.findActiveById(row.id))!) });
      return row.id;
    });
    return toBikeDto((await this.bikes.findActiveById(id))!);
  }

  /** PUT bikes/{id}: the bike's fields, and the fleet resized as `resize` says. */
  async update(id: string, dto: UpdateBikeDto): Promise<BikeDto> {
    this.checkYear(dto.year);
    await this.txHost.run(async () => {
      const locked = await this.bikes.lockActiveById(id);
      if (!locked) throw bikeNotFound();
      const now = this.clock.now();
      const current = (await this.bikes.findActiveById(id))!;
      const row = await this.bikes.update(
        id,
        {
          ...this.columns(dto, current.currency),
          ...(dto.pricePerDay !== undefined && { pricePerDayCents: optionalMinor(dto.pricePerDay, current.currency, 'pricePerDay') }),
          ...(dto.pricePerWeek !== undefined && { pricePerWeekCents: optionalMinor(dto.pricePerWeek, current.currency, 'pricePerWeek') }),
          ...(dto.depositAmount !== undefined && { depositAmountCents: minorOfField(dto.depositAmount, current.currency, 'depositAmount') }),
          ...(dto.isAvailable !== undefined && { isAvailable: dto.isAvailable }),
          updatedAt: now,
        },
      );
      if (!row) throw bikeNotFound();
      await this.resize(id, row.brand, dto, current, now);
      await this.events.record({ type: 'bike.updated', data: toBikeDto((await this.bikes.findActiveById(id))!) });
    });
    return toBikeDto((await this.bikes.findActiveById(id))!);
  }

  /**
   * The fleet side of an edit. With `loadedQuantity` (the shop's form) the change is the difference the admin
   * typed, applied to the fleet as it is now, so bookings, returns and lapsed windows since the load never
   * create or retire units. Without it (clients of the original API send only `quantity`) `quantity` is the
   * wanted free-now figure: above the active units it adds units up to it, below the units free now it retires
   * free units, in between nothing changes (the loaded figure sent back after a booking took a unit).
   */
  private async resize(id: string, brand: string, dto: UpdateBikeDto, current: { quantity: number; totalUnits: number }, now: Date): Promise<void> {
    let add = 0;
    let retire = 0;
    if (dto.loadedQuantity !== undefined) {
      const delta = dto.quantity - dto.loadedQuantity;
      if (delta > 0) add = delta;
      else retire = -delta;
    } else if (dto.quantity > current.totalUnits) {
      add = dto.quantity - current.totalUnits;
    } else if (dto.quantity < current.quantity) {
      retire = current.quantity - dto.quantity;
    }
    if (add > 0) await this.fleet.insertUnits(id, await this.fleet.nextLabels(id, brand, add), now);
    if (retire > 0) {
      const retired = await this.fleet.retireFreeUnits(id, retire, now);
      if (retired < retire) {
        throw new ConflictException({
          message: `Only ${retired} unit(s) are free to retire; the others are booked`,
          code: 'NOT_ENOUGH_FREE_UNITS',
        });
      }
    }
  }

  /** Soft delete: past rentals and reviews keep showing the bike; listings and favourites drop it. */
  async remove(id: string): Promise<void> {
    await this.txHost.run(async () => {
      // The row lock orders this against a concurrent booking of the same bike.
      const bike = await this.bikes.lockActiveById(id);
      if (!bike) throw bikeNotFound();
      if (await this.bikes.hasOpenRentals(id)) {
        throw new ConflictException({
          message: 'This bike has unreturned rentals and cannot be deleted',
          code: 'BIKE_HAS_OPEN_RENTALS',
        });
      }
      const deleted = toBikeDto((await this.bikes.findActiveById(id))!);
      await this.bikes.softDelete(id, this.clock.now());
      await this.events.record({ type: 'bike.deleted', data: { ...deleted, deletedAt: this.clock.now().toISOString() } });
    });
  }

  private columns(dto: CreateBikeDto, currency: string): Omit<NewBikeRow, 'currency' | 'isAvailable' | 'pricePerDayCents' | 'pricePerWeekCents'> {
    return {
      name: dto.name,
      description: dto.description,
      imageUrl: dto.imgageurl,
      pricePerHourCents: minorOfField(dto.pricePerHour, currency, 'pricePerHour'),
      cc: dto.cc,
      year: dto.year,
      model: dto.model,
      brand: dto.brand,
    };
  }

  /** Model years run up to next year; "now" comes from the clock like every time-dependent rule. */
  private checkYear(year: number): void {
    const max = this.clock.now().getUTCFullYear() + 1;
    if (year > max) {
      const message = `year must not be greater than ${max}`;
      throw new BadRequestException({ message, code: 'VALIDATION_FAILED', errors: [{ path: 'year', message }] });
    }
  }
}

/** An optional price (null clears it) in minor units of the bike's currency, or 400 naming the field. */
const optionalMinor = (major: number | null | undefined, currency: string, field: string): number | null =>
  major === null || major === undefined ? null : minorOfField(major, currency, field);
