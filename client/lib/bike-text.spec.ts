import { engineFact, engineText, truncate } from './bike-text.js';

describe('bike texts', () => {
  it("never ends a cut description in '....' or ' ...'", () => {
    expect(truncate('A light bike.', 50)).toBe('A light bike.');
    expect(truncate('Quick in town. Comfortable on long rides', 14)).toBe('Quick in town...');
    expect(truncate('Quick in town. Comfortable on long rides', 15)).toBe('Quick in town...');
    expect(truncate('Quick in town, comfortable', 20)).toBe('Quick in town, comfo...');
  });

  it("shows electric bikes (cc 0) as electric instead of 'CC 0'", () => {
    expect(engineFact(0)).toEqual({ term: 'Motor', value: 'Electric' });
    expect(engineFact(155)).toEqual({ term: 'CC', value: 155 });
    expect(engineText(0)).toBe('Electric motor');
    expect(engineText(649)).toBe('649 cc');
  });
});
