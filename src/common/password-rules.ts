import { dictionary } from '@zxcvbn-ts/language-common';
import { ValidateBy, ValidationOptions } from 'class-validator';

/** The shortest password a person may choose (ASVS 6.2.1). */
export const MIN_PASSWORD_LENGTH = 8;
/** How many of the most common passwords are refused. */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let common: Set<string> | undefined;

/**
 * true when `password` (any case) is one of the 10,000 most common passwords: the head of the frequency-ordered
 * list of leaked passwords that @zxcvbn-ts/language-common ships (read once, on first use).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED));
  return common.has(password.toLowerCase());
}

/** Refuses a password on the common-passwords list, with a message a person understands. */
export const IsNotCommonPassword = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy(
    {
      name: 'isNotCommonPassword',
      validator: {
        // A password too short is told so by the length rule alone.
        validate: (value: unknown) => typeof value !== 'string' || value.length < MIN_PASSWORD_LENGTH || !isCommonPassword(value),
        defaultMessage: (args) => `${args?.property ?? 'password'} is one of the most common passwords and easy to guess: please choose another`,
      },
    },
    options,
  );
