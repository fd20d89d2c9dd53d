import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';

/**
 * The field may be left out, but when it is sent it must be valid: unlike @IsOptional(), `null` is
 * validated (and refused) instead of slipping through to a NOT NULL column.
 */
export const IsOptionalNotNull = () => ValidateIf((_object, value) => value !== undefined);

/** Trims a string before validation; any other value is left for the type check to refuse. */
export const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/**
 * The decorators applied as if written one above the other in this order: the lowest first, as TypeScript applies
 * them, so the field's errors are listed in the same order as with the decorators written out.
 */
const stacked =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) => {
    for (const decorator of [...decorators].reverse()) decorator(target, key);
  };

/** Documentation of a field besides what its validation says. */
interface FieldDoc {
  example?: string;
  description?: string;
}

/** Required text: trimmed, a string, not empty ("<field> is required"), at most `maxLength` characters. */
export const RequiredText =
  (maxLength: number, { example, description }: FieldDoc = {}): PropertyDecorator =>
  (target, key) =>
    stacked(
      ApiProperty({ example, maxLength, description }),
      Trim(),
      IsString(),
      IsNotEmpty({ message: `${String(key)} is required` }),
      MaxLength(maxLength),
    )(target, key);

/** An email address (trimmed, at most 254 characters); `optional`: may be left out, but not null. */
export const EmailField =
  ({ example, optional = false }: { example: string; optional?: boolean }): PropertyDecorator =>
  (target, key) =>
    stacked(
      ...(optional ? [ApiPropertyOptional({ example }), IsOptionalNotNull()] : [ApiProperty({ example })]),
      Trim(),
      IsEmail({}, { message: `${String(key)} must be a valid email address` }),
      MaxLength(254),
    )(target, key);

/** A password being chosen (signup, password change): 6 to 128 characters, not trimmed. */
export const NewPassword =
  (example: string): PropertyDecorator =>
  (target, key) =>
    stacked(
      ApiProperty({ example, minLength: 6, maxLength: 128 }),
      IsString(),
      MinLength(6, { message: `${String(key)} must be at least 6 characters` }),
      MaxLength(128),
    )(target, key);
