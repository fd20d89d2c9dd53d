import { ageOn, dateInZone, fillPlaceholders, foldName, unknownPlaceholders } from './agreement-text.js';

describe('agreement text', () => {
  it('fills known placeholders (spaces inside the braces allowed) and reports unknown ones', () => {
    const values = { customer: 'Ada (ada@x.io)', bikes: '2 x City', window: 'then', deposit: 'none' };
    expect(fillPlaceholders('I, {{customer}}, rent {{ bikes }} for {{window}}; deposit {{deposit}}. {{other}}', values)).toBe(
      'I, Ada (ada@x.io), rent 2 x City for then; deposit none. {{other}}',
    );
    expect(unknownPlaceholders('{{customer}} {{ rider }} {{rider}} {{Bikes}}')).toEqual(['rider', 'Bikes']);
  });

  it('ages count whole years; the birthday itself completes the year', () => {
    expect(ageOn('2008-06-02', '2026-06-01')).toBe(17);
    expect(ageOn('2008-06-01', '2026-06-01')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
  });

  it('reads dates in the zone and folds names', () => {
    expect(dateInZone(new Date('2026-06-01T22:30:00Z'), 'Europe/Berlin')).toBe('2026-06-02');
    expect(dateInZone(new Date('2026-06-01T22:30:00Z'), 'UTC')).toBe('2026-06-01');
    expect(foldName('  Ada   LOVELACE ')).toBe('ada lovelace');
  });
});
