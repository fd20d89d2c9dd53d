import { ArgumentsHost, BadRequestException, Catch } from '@nestjs/common';
import type { Request } from 'express';
import { HttpExceptionFilter } from '../../common/http-exception.filter.js';
import { REQUIRED_BIKE_FIELDS } from './bikes.dto.js';

export const FILL_ALL_FIELDS = 'Please fill all the fields';

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The bike form's wording (spec section 8): when a required field is missing, the 400 reads
 * 'Please fill all the fields'. Code and the per-field `errors` list stay those of the global validation pipe.
 */
@Catch(BadRequestException)
export class BikeFormFilter extends HttpExceptionFilter {
  override catch(exception: BadRequestException, host: ArgumentsHost): void {
    const body = host.switchToHttp().getRequest<Request>().body as unknown;
    const response = exception.getResponse();
    const isValidation = typeof response === 'object' && (response as { code?: string }).code === 'VALIDATION_FAILED';
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const errors = (response as { errors?: { path: string }[] }).errors ?? [];
    const missing = REQUIRED_BIKE_FIELDS.some((field) => isBlank(fields[field]) && errors.some((e) => e.path === field));
    if (isValidation && missing) {
      super.catch(new BadRequestException({ ...(response as object), message: FILL_ALL_FIELDS }), host);
      return;
    }
    super.catch(exception, host);
  }
}
