/** Age in whole years on `date` (both YYYY-MM-DD), as the server counts it: a minor is under 18 at the rental's start. */
export function ageOn(birthDate: string, date: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = date.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The calendar date (YYYY-MM-DD) of `at` in `zone`. */
export function dateInZone(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
