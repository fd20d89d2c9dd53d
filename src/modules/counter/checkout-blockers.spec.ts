import { checkoutBlockers } from './checkout-blockers.js';

describe('checkoutBlockers', () => {
  it('lets a rental without a deposit, or with a held one, go', () => {
    expect(checkoutBlockers({ depositStatus: 'none' })).toEqual([]);
    expect(checkoutBlockers({ depositStatus: 'held' })).toEqual([]);
  });

  it('blocks while the deposit is pending, failed, expired or already settled', () => {
    for (const s of ['pending', 'failed', 'expired', 'released', 'captured', 'partially_captured'] as const) {
      expect(checkoutBlockers({ depositStatus: s })).toEqual(['DEPOSIT_NOT_HELD']);
    }
  });
});
