import { signupFieldMessage } from './signup-messages.js';

describe('signupFieldMessage', () => {
  it('asks for an empty field by name, whatever rule the server named', () => {
    expect(signupFieldMessage({ field: 'email', serverMessage: 'email must be a valid email address', value: '' })).toBe('Please enter your email address.');
    expect(signupFieldMessage({ field: 'name', serverMessage: 'name is required', value: '  ' })).toBe('Please enter your name.');
  });

  it('words a malformed or taken email, and a short password, for people', () => {
    expect(signupFieldMessage({ field: 'email', serverMessage: 'email must be a valid email address', value: 'rafi@' })).toMatch(/^That email address does not look right/);
    expect(signupFieldMessage({ field: 'email', serverMessage: 'Email is already registered', value: 'rafi@example.com' })).toMatch(/^An account with this email already exists/);
    expect(signupFieldMessage({ field: 'password', serverMessage: 'password must be at least 8 characters', value: 'abc' })).toBe('Your password needs at least 8 characters.');
    expect(
      signupFieldMessage({ field: 'password', serverMessage: 'password is one of the most common passwords and easy to guess: please choose another', value: 'password1' }),
    ).toBe('This password is one of the most common ones and easy to guess. Please choose another.');
  });

  it('never repeats the server text in lower case', () => {
    const text = signupFieldMessage({ field: 'phone', serverMessage: 'phone must be shorter than or equal to 30 characters', value: '1'.repeat(40) });
    expect(text).toBe('Please keep this under 31 characters.');
  });
});
