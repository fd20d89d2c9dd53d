import { DEFAULT_LOCALE, formatMessage, type Locale, type MessageId } from '../../../locales/index.js';

export type ContactField = 'name' | 'email' | 'subject' | 'message';

const REQUIRED: Record<ContactField, MessageId> = {
  name: 'pub.contact.required.name',
  email: 'pub.contact.required.email',
  subject: 'pub.contact.required.subject',
  message: 'pub.contact.required.message',
};

/**
 * A server field error of the contact form in the page's language. English pages show the server's sentence as it
 * is ('message must be at least 10 characters'); other languages say the rule it names in their own words. A
 * message that is none of the form's rules stays as the server sent it.
 */
export function contactFieldMessage(field: ContactField, serverMessage: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return serverMessage;
  const message = serverMessage.toLowerCase();
  const min = /at least (\d+)/.exec(message)?.[1];
  if (min) return formatMessage(locale, 'pub.contact.tooShort', { min: Number(min) });
  const max = /(?:at most|shorter than or equal to) (\d+)/.exec(message)?.[1];
  if (max) return formatMessage(locale, 'pub.contact.tooLong', { max: Number(max) });
  if (/required|should not be empty/.test(message)) return formatMessage(locale, REQUIRED[field]);
  if (field === 'email' && /email/.test(message)) return formatMessage(locale, 'pub.contact.invalidEmail');
  if (/must be|should/.test(message)) return formatMessage(locale, 'pub.contact.checkField');
  return serverMessage;
}
