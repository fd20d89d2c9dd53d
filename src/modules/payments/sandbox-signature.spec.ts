import { BadRequestException } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { signSandboxPayload, verifySandboxSignature } from './sandbox-signature.js';

describe('sandbox signature', () => {
  const secret = 'unit-secret';
  const body = Buffer.from('{"id":"evt_1","type":"payment.succeeded","data":{"sessionRef":"sbx_x"},"created":1767225600}');
  const t = 1767225600;

  it('is t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body.toString()}`).digest('hex');
    expect(signSandboxPayload(secret, body, t)).toBe(`t=${t},v1=${expected}`);
  });

  it('verifies within 5 minutes either way and refuses anything else', () => {
    const header = signSandboxPayload(secret, body, t);
    expect(() => verifySandboxSignature(secret, body, header, t + 300)).not.toThrow();
    expect(() => verifySandboxSignature(secret, body, header, t - 300)).not.toThrow();
    expect(() => verifySandboxSignature(secret, body, header, t + 301)).toThrow(BadRequestException);
    expect(() => verifySandboxSignature('other', body, header, t)).toThrow(BadRequestException);
    expect(() => verifySandboxSignature(secret, Buffer.from(body.toString().replace('succeeded', 'failed')), header, t)).toThrow(BadRequestException);
    expect(() => verifySandboxSignature(secret, body, undefined, t)).toThrow(BadRequestException);
    expect(() => verifySandboxSignature(secret, body, 'v1=abc', t)).toThrow(BadRequestException);
    expect(() => verifySandboxSignature(secret, body, `t=${t},v1=zz`, t)).toThrow(BadRequestException);
  });

  it('accepts any of several v1 signatures (secret rotation)', () => {
    const good = signSandboxPayload(secret, body, t).split(',')[1];
    expect(() => verifySandboxSignature(secret, body, `t=${t},v1=${'0'.repeat(64)},${good}`, t)).not.toThrow();
  });
});
