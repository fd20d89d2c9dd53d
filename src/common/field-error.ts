import { BadRequestException } from '@nestjs/common';

/** The 400 envelope that names one field: `{ message, code: 'VALIDATION_FAILED', errors: [{ path, message }] }`. */
export const invalidField = (path: string, message: string) =>
  new BadRequestException({ message, code: 'VALIDATION_FAILED', errors: [{ path, message }] });
