import { ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { compatBody } from './compat-body.js';

function flatten(errors: ValidationError[], parent = ''): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  for (const e of errors) {
    const path = parent ? `${parent}.${e.property}` : e.property;
    for (const message of Object.values(e.constraints ?? {})) {
      out.push({ path, message: message.replace(/^property (\S+) should not exist$/, '$1 is not an allowed field') });
    }
    if (e.children?.length) out.push(...flatten(e.children, path));
  }
  return out;
}

/** Bodies pass through the compatibility step (echoed read-only fields, numeric strings) before validation. */
class ApiValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    return super.transform(compatBody(value, metadata), metadata);
  }
}

/**
 * The one validation pipe: whitelists DTO fields, rejects unknown ones (no mass assignment),
 * converts query strings to the declared types, and lists every field error.
 */
export function createValidationPipe(): ValidationPipe {
  return new ApiValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    stopAtFirstError: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const list = flatten(errors);
      return new BadRequestException({
        message: `Validation failed: ${list.map((e) => e.message).join('; ')}`,
        code: 'VALIDATION_FAILED',
        errors: list,
      });
    },
  });
}
