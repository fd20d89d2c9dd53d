import { ValidateIf } from 'class-validator';

/**
 * The field may be left out, but when it is sent it must be valid: unlike @IsOptional(), `null` is
 * validated (and refused) instead of slipping through to a NOT NULL column.
 */
export const IsOptionalNotNull = () => ValidateIf((_object, value) => value !== undefined);
