import { BadRequestException, ParseUUIDPipe } from '@nestjs/common';

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
