import { canonicalJson, requestHash } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined, so equal bodies hash alike', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[2,{"y":2,"z":1}]},"b":1}');
    expect(requestHash({ quantity: 2, bikeId: 'x' })).toBe(requestHash({ bikeId: 'x', quantity: 2 }));
    expect(requestHash({ quantity: 2, bikeId: 'x' })).not.toBe(requestHash({ bikeId: 'x', quantity: 3 }));
    expect(requestHash({ quantity: 2 })).toMatch(/^[0-9a-f]{64}$/);
  });
});
