import { DrizzleQueryError } from 'drizzle-orm/errors';
import { loggableError } from './loggable-error.js';
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
  it('withholds the value the database quotes in its message, and a failed query quoted in a wrapping error', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "tok_live_S3CR3T"'), { code: '22P02' });
    const err = new DrizzleQueryError('select $1::uuid', ['tok_live_S3CR3T'], cause);
    expect(loggableError(err)).toMatch(/^database query failed: 22P02 invalid input syntax for type uuid: \(value withheld\)\n/);
    expect(loggableError(new Error('wrapped', { cause: err }))).toMatch(/^database query failed: 22P02/);
    const text = loggableError(new Error(`refresh failed: Failed query: select * from "users" where email = $1\nparams: tok_live_S3CR3T`));
    expect(text).toMatch(/^Error: refresh failed: database query failed \(query withheld\)\n/);
    expect(text).not.toMatch(/S3CR3T|users/);
  });
  it('keeps an ordinary error with its stack frames', () => {
    expect(loggableError(new TypeError('boom'))).toMatch(/^TypeError: boom\n\s+at /);
  });
});
