import fc from 'fast-check';
import { containsPattern, escapeLike } from './like-pattern.js';

/** Removes the escapes escapeLike adds: every `\x` becomes `x`. */
const unescape = (s: string): string => s.replace(/\\(.)/gs, '$1');

/** Wildcards not preceded by an escaping backslash (an odd run of backslashes). */
function unescapedWildcards(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\') {
      i++;
      continue;
    }
    if (s[i] === '%' || s[i] === '_') n++;
  }
  return n;
}

describe(escapeLike.name, () => {
  it.each([
    ['plain', 'plain'],
    ['50%', '50\\%'],
    ['a_b', 'a\\_b'],
    ['back\\slash', 'back\\\\slash'],
    ['%_\\', '\\%\\_\\\\'],
    ['', ''],
  ])('escapes %j as %j', (input, expected) => {
    expect(escapeLike(input)).toBe(expected);
  });

  it('never leaves a live wildcard and always round-trips to the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'Z', '%', '_', '\\', ' ', 'é') }), (input) => {
        const escaped = escapeLike(input);
        expect(unescapedWildcards(escaped)).toBe(0);
        expect(unescape(escaped)).toBe(input);
      }),
    );
  });
});

describe(containsPattern.name, () => {
  it('wraps the escaped text in % so it matches anywhere', () => {
    expect(containsPattern('R_15')).toBe('%R\\_15%');
    expect(unescapedWildcards(containsPattern('x%y'))).toBe(2);
  });
});
