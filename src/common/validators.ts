import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { COMMON_PASSWORDS_REFUSED, IsNotCommonPassword, MIN_PASSWORD_LENGTH } from './password-rules.js';

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

/** Longest text kept on one line: names, labels, phone numbers, addresses (they end up in email subjects and headers). */
const SINGLE_LINE_MAX = 300;
/** Tabs and line breaks of a one-line field become single spaces; then trimmed like Trim(). */
const OneLine = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/[\t\r\n]+/g, ' ').trim() : value));

/**
 * Required text: trimmed, a string, not empty ("<field> is required"), at most `maxLength` characters. Short text
 * (at most 300 characters) is one line: tabs and line breaks become spaces.
 */
export const RequiredText =
  (maxLength: number, { example, description }: FieldDoc = {}): PropertyDecorator =>
  (target, key) =>
    stacked(
      ApiProperty({ example, maxLength, description }),
      maxLength <= SINGLE_LINE_MAX ? OneLine() : Trim(),
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

/**
 * A password being chosen (signup, password change): 8 to 128 characters, not trimmed, and not one of the
 * 10,000 most common passwords (ASVS 6.2).
 */
export const NewPassword =
  (example: string): PropertyDecorator =>
  (target, key) =>
    stacked(
      ApiProperty({
        example,
        minLength: MIN_PASSWORD_LENGTH,
        maxLength: 128,
        description: `At least ${MIN_PASSWORD_LENGTH} characters, and not one of the ${COMMON_PASSWORDS_REFUSED.toLocaleString('en')} most common passwords`,
      }),
      IsString(),
      MinLength(MIN_PASSWORD_LENGTH, { message: `${String(key)} must be at least ${MIN_PASSWORD_LENGTH} characters` }),
      MaxLength(128),
      IsNotCommonPassword(),
    )(target, key);
