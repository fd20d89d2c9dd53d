import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { RentalDto, RentalPolicy, toRentalDto } from './rentals.dto.js';
import { RentalsRepository, RentalView } from './rentals.repository.js';

/** Turns rentals into their DTO with the rules that depend on now and the settings (overdue, cancellable). */
@Injectable()
export class RentalViews {
  constructor(
    private readonly rentals: RentalsRepository,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  policy(): RentalPolicy {
    return {
      now: this.clock.now(),
      lateGraceMinutes: this.config.env.LATE_GRACE_MINUTES,
      freeCancellationHours: this.config.env.FREE_CANCELLATION_HOURS,
    };
  }

  toDto(view: RentalView): RentalDto {
    return toRentalDto(view, this.policy());
  }

  toDtos(views: RentalView[]): RentalDto[] {
    const policy = this.policy();
    return views.map((v) => toRentalDto(v, policy));
  }

  async find(id: string): Promise<RentalDto> {
    return this.toDto((await this.rentals.findView(id))!);
  }
}
