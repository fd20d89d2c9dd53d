import { dashboardGreeting, NEW_ACCOUNT_MS } from './greeting.js';

describe('dashboardGreeting', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  it("greets an account younger than a day without 'back'", () => {
    expect(dashboardGreeting('Mina', new Date(now - 60_000).toISOString(), now)).toBe('Welcome, Mina!');
  });
  it("keeps the spec's 'Welcome back, {name}!' for returning users", () => {
    expect(dashboardGreeting('Mina', new Date(now - NEW_ACCOUNT_MS).toISOString(), now)).toBe('Welcome back, Mina!');
    expect(dashboardGreeting('Mina', undefined, now)).toBe('Welcome back, Mina!');
  });
});
