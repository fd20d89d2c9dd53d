import { Injectable } from '@nestjs/common';

/** The one source of "now" for every time-dependent rule, so tests can move time. */
@Injectable()
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Test hook: move the clock forward (or back) by `ms`. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** How far this clock has been moved from the system's (0 unless a test moved it). */
  get offset(): number {
    return this.offsetMs;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
