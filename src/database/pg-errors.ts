/** PostgreSQL error codes, read through drizzle's wrapping (`cause`). */
function pgCode(err: unknown): string | undefined {
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 4; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown): boolean => pgCode(err) === '23505';
export const isCheckViolation = (err: unknown): boolean => pgCode(err) === '23514';
export const isForeignKeyViolation = (err: unknown): boolean => pgCode(err) === '23503';
export const isSerializationFailure = (err: unknown): boolean => ['40001', '40P01'].includes(pgCode(err) ?? '');
export const isExclusionViolation = (err: unknown): boolean => pgCode(err) === '23P01';
