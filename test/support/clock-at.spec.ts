import { jest } from '@jest/globals';
import { Clock } from '../../src/common/clock.js';
import { clockAt, HOUR } from './rental-factories.js';

/**
 * CI failed twice on a window written as two reads of the clock (shop-currency: 3 hours billed as 4; booking-limits:
 * 30 days held as 31, over the limit): on a busy machine the system clock ticked between the start and the end. The
 * ticking is reproduced here by a system clock that moves 1 ms at every read.
 */
describe('clockAt: one "now" for a window', () => {
  let restore: () => void;
  beforeEach(() => {
    let now = Date.UTC(2026, 10, 26, 12);
    const tick = jest.spyOn(Date, 'now').mockImplementation(() => now++);
    restore = () => tick.mockRestore();
  });
  afterEach(() => restore());

  const hours = (w: { startTime: string; endTime: string }) => (Date.parse(w.endTime) - Date.parse(w.startTime)) / HOUR;

  it('reading the clock twice makes a 3-hour window longer than 3 hours (the failure in CI)', () => {
    const clock = new Clock();
    const twice = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
    expect(hours({ startTime: twice(HOUR), endTime: twice(4 * HOUR) })).toBeGreaterThan(3);
  });

  it('clockAt: the same "now" for every call in one synchronous stretch, so the window is exactly 3 hours', () => {
    const at = clockAt({ clock: new Clock() });
    expect(hours({ startTime: at(HOUR), endTime: at(4 * HOUR) })).toBe(3);
  });

  it("follows the app clock's moves at once, and reads the system clock again after the stretch", async () => {
    const clock = new Clock();
    const at = clockAt({ clock });
    const before = Date.parse(at(0));
    clock.advance(2 * HOUR);
    expect(Date.parse(at(0)) - before).toBe(2 * HOUR);
    await new Promise((resolve) => setImmediate(resolve));
    expect(Date.parse(at(0)) - before).toBeGreaterThan(2 * HOUR);
  });
});
