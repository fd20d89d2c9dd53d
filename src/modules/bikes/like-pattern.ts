/**
 * User text inside a LIKE pattern: `\`, `%` and `_` are made literal (PostgreSQL's default LIKE escape
 * character is the backslash), so a search for "50%" finds "50%" and never acts as a wildcard.
 */
export function escapeLike(input: string): string {
  return input.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** A case-insensitive "contains" pattern for `lower(col) like lower(pattern)`. */
export function containsPattern(input: string): string {
  return `%${escapeLike(input)}%`;
}
