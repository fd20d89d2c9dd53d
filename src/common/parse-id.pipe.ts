import { BadRequestException, Injectable, ParseUUIDPipe, PipeTransform } from '@nestjs/common';

/**
 * Path ids are UUIDs. A malformed one is a 400 in the validation-error shape naming the parameter,
 * never a database error: `@Param('id', ParseIdPipe('id')) id: string`.
 */
export const ParseIdPipe = (param = 'id'): ParseUUIDPipe =>
  new ParseUUIDPipe({
    exceptionFactory: () =>
      new BadRequestException({
        message: `${param} must be a valid id`,
        code: 'VALIDATION_FAILED',
        errors: [{ path: param, message: `${param} must be a valid id` }],
      }),
  });

/**
 * A path reference that is not necessarily a UUID (a rental's paymentId or its _id): at most `max` characters, else
 * a 400 naming the parameter, like the same reference in a body (rentals/fullpayment's paymentId).
 */
@Injectable()
export class ParseRefPipe implements PipeTransform<string, string> {
  constructor(
    private readonly param = 'id',
    private readonly max = 64,
  ) {}

  transform(value: string): string {
    if (typeof value === 'string' && value.length > 0 && value.length <= this.max) return value;
    const message = `${this.param} must be at most ${this.max} characters`;
    throw new BadRequestException({ message, code: 'VALIDATION_FAILED', errors: [{ path: this.param, message }] });
  }
}
