import { formatMessage } from '../../locales/index.js';
import { formatRemaining, holdAnnouncement } from './hold-countdown.js';

const MIN = 60_000;

describe('the hold countdown', () => {
  it('shows minutes and seconds, never below zero', () => {
    expect(formatRemaining(14 * MIN + 5_000)).toBe('14:05');
    expect(formatRemaining(999)).toBe('0:01');
    expect(formatRemaining(-5_000)).toBe('0:00');
    expect(formatRemaining(62 * MIN + 3_000)).toBe('1:02:03');
    expect(formatRemaining(14 * MIN + 5_000, 'bn')).toBe('১৪:০৫');
    expect(formatRemaining(62 * MIN + 3_000, 'de')).toBe('1:02:03');
  });

  it('says the announcements in the page language (issue 27)', () => {
    const say = (locale: 'de' | 'bn') => (id: Parameters<typeof formatMessage>[1], values?: Record<string, string | number>) => formatMessage(locale, id, values);
    expect(holdAnnouncement(15 * MIN, 15 * MIN, say('de')).text).toBe('Das Motorrad ist 15 Minuten lang für Sie reserviert.');
    expect(holdAnnouncement(59_000, 15 * MIN, say('de')).text).toBe('Noch 1 Minute, um die Buchungsgebühr zu zahlen, bevor die Reservierung endet.');
    expect(holdAnnouncement(5 * MIN, 15 * MIN, say('bn')).text).toBe('রাখার সময় শেষ হওয়ার আগে বুকিং ফি দিতে ৫ মিনিট বাকি।');
  });

  it('announces at the start, at 10, 5 and 1 minutes and at the end, and stays silent in between', () => {
    const first = 15 * MIN;
    const keys: string[] = [];
    for (let left = first; left >= -1_000; left -= 1_000) {
      const { key } = holdAnnouncement(left, first);
      if (keys[keys.length - 1] !== key) keys.push(key);
    }
    expect(keys).toEqual(['start', 'm10', 'm5', 'm1', 'over']);
    expect(holdAnnouncement(first, first).text).toBe('The bike is held for you for 15 minutes.');
    expect(holdAnnouncement(5 * MIN, first).text).toBe('5 minutes left to pay the booking fee before the hold ends.');
    expect(holdAnnouncement(59_000, first).text).toBe('1 minute left to pay the booking fee before the hold ends.');
  });

  it('does not announce a threshold the hold was already under when it was first shown', () => {
    const first = 4 * MIN;
    expect(holdAnnouncement(4 * MIN, first).key).toBe('start');
    expect(holdAnnouncement(3 * MIN, first).key).toBe('start');
    expect(holdAnnouncement(30_000, first).key).toBe('m1');
    expect(holdAnnouncement(4 * MIN, first).text).toBe('The bike is held for you for 4 minutes.');
  });
});
