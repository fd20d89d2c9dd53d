// Time limits that hold on a busy machine (issue 24): every limit the suites set is its value on an idle machine
// times headroom(): at least 4 (a machine 4x oversubscribed), more when the load per core is higher than that.
// Plain JavaScript so jest.config.js and the bench can load it too. Waits for a signal end when the signal comes;
// a limit only says how long a test that hangs takes to fail.
import { availableParallelism, loadavg } from 'node:os';

export const MIN_HEADROOM = 4;

/** The run queue per core right now (1-minute load average / cores), at least MIN_HEADROOM, at most 20. */
export function headroom() {
  return Math.min(20, Math.max(MIN_HEADROOM, loadavg()[0] / availableParallelism()));
}

/** `ms` (what a step takes with room to spare on an idle machine) scaled to this machine now. */
export function scaled(ms) {
  return Math.round(ms * headroom());
}
