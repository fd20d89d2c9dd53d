import { DrizzleQueryError } from 'drizzle-orm/errors';
import { loggableError } from './http-exception.filter.js';
import { checkJsonLimits, JsonLimitError } from './input-limits.js';

describe('checkJsonLimits', () => {
  const check = (text: string) => () => checkJsonLimits(Buffer.from(text), 3, 4);
  it('passes bodies within the limits, whatever brackets or colons their strings hold', () => {
    expect(check('{"a":{"b":[1,2]},"c":"[[[[:::: \\" ]]]]"}')).not.toThrow();
  });
  it('refuses nesting deeper than the limit', () => {
    expect(check('[[[[]]]]')).toThrow(JsonLimitError);
    expect(check('{"a":{"b":{"c":{}}}}')).toThrow(/nested too deeply/);
  });
  it('refuses more keys than the limit, all levels together', () => {
    expect(check('{"a":1,"b":{"c":2,"d":3},"e":4}')).toThrow(/too many fields/);
  });
});

describe('loggableError', () => {
  it('never carries SQL parameters (emails, password hashes, tokens)', () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const err = new DrizzleQueryError('insert into "users" values ($1, $2)', ['x@example.com', '$argon2id$v=19$m=19456$secret'], cause);
    const text = loggableError(err);
    expect(text).toMatch(/^database query failed: 22021 invalid byte sequence/);
    expect(text).not.toMatch(/argon2|x@example\.com|params|insert into/);
  });
  it('keeps an ordinary error with its stack frames', () => {
    expect(loggableError(new TypeError('boom'))).toMatch(/^TypeError: boom\n\s+at /);
  });
});
