import { contactFieldMessage } from './contact-messages.js';

describe('contactFieldMessage', () => {
  it('keeps the server sentence on English pages', () => {
    expect(contactFieldMessage('message', 'message must be at least 10 characters', 'en')).toBe('message must be at least 10 characters');
  });

  it('says the rule in German and Bangla', () => {
    expect(contactFieldMessage('message', 'message must be at least 10 characters', 'de')).toBe('Bitte schreiben Sie mindestens 10 Zeichen');
    expect(contactFieldMessage('message', 'message must be at least 10 characters', 'bn')).toBe('অন্তত ১০টি অক্ষর লিখুন');
    expect(contactFieldMessage('subject', 'subject must be at most 150 characters', 'de')).toBe('Bitte höchstens 150 Zeichen');
    expect(contactFieldMessage('email', 'email must be a valid email address', 'de')).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein');
    expect(contactFieldMessage('name', 'name is required', 'bn')).toBe('আপনার নাম লিখুন');
  });

  it('leaves a message it does not know as it is', () => {
    expect(contactFieldMessage('name', 'Irgendetwas anderes', 'de')).toBe('Irgendetwas anderes');
  });
});
