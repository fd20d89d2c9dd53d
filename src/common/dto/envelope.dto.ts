import { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class FieldErrorDto {
  @ApiProperty({ example: 'email' }) path: string;
  @ApiProperty({ example: 'email must be an email' }) message: string;
}

export class ErrorEnvelopeDto {
  @ApiProperty({ type: Boolean, example: false }) success: false;
  @ApiProperty({ example: 'Validation failed: email must be an email' }) message: string;
  @ApiProperty({
    example: 'VALIDATION_FAILED',
    description:
      'Stable machine-readable code: VALIDATION_FAILED, BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, CONFLICT, ' +
      'UNPROCESSABLE, PAYLOAD_TOO_LARGE, TOO_MANY_REQUESTS, SERVICE_UNAVAILABLE, INTERNAL_ERROR',
  })
  code: string;
  @ApiPropertyOptional({ type: [FieldErrorDto] }) errors?: FieldErrorDto[];
  @ApiPropertyOptional({
    type: Object,
    description: 'What the client needs to decide again, where the error says so (POST rentals PRICE_CHANGED: the new quote)',
  })
  data?: unknown;
}

export class MessageEnvelopeDto {
  @ApiProperty({ type: Boolean, example: true }) success: true;
  @ApiProperty({ type: String, example: 'Done' }) message: string;
  @ApiPropertyOptional({ type: Object, nullable: true, example: null, description: 'Always null' }) data?: null;
}

const cache = new Map<string, Type<unknown>>();

/** A named success-envelope schema `{ success, message, data: T }` for Swagger. */
export function Envelope<T>(data: Type<T> | [Type<T>], name?: string): Type<unknown> {
  const isArray = Array.isArray(data);
  const inner = isArray ? data[0] : data;
  const key = name ?? `${inner.name}${isArray ? 'List' : ''}Envelope`;
  const existing = cache.get(key);
  if (existing) return existing;
  class EnvelopeDto {
    @ApiProperty({ type: Boolean, example: true }) success: true;
    @ApiProperty({ example: 'OK' }) message: string;
    @ApiProperty({ type: inner, isArray }) data: T;
  }
  Object.defineProperty(EnvelopeDto, 'name', { value: key });
  cache.set(key, EnvelopeDto);
  return EnvelopeDto;
}
