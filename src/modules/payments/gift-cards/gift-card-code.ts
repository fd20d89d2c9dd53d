import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Gift card codes: 16 characters of Crockford's base32 (no I, L, O, U: nothing to misread), 80 random bits, shown
 * in groups of four after a prefix: `GIFT-7K3M-Q9XD-2F8H-WN4T`. Typed back in any case, with or without spaces and
 * dashes; the letters O, I and L are read as 0, 1 and 1 as Crockford's alphabet says.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_CHARS = 16;
export const GIFT_CARD_PREFIX = 'GIFT';

export function generateGiftCardCode(): string {
  const bytes = randomBytes(CODE_CHARS);
  let chars = '';
  // 256 is a multiple of 32: every byte's low 5 bits are uniform.
  for (const b of bytes) chars += ALPHABET[b & 31];
  return formatGiftCardCode(chars);
}

const formatGiftCardCode = (chars: string): string => `${GIFT_CARD_PREFIX}-${chars.match(/.{4}/g)!.join('-')}`;

/** The 16 code characters of what a holder typed, or null when it cannot be a code. */
export function normaliseGiftCardCode(input: string): string | null {
  let s = input.toUpperCase().replace(/[\s-]/g, '');
  if (s.startsWith(GIFT_CARD_PREFIX) && s.length === GIFT_CARD_PREFIX.length + CODE_CHARS) s = s.slice(GIFT_CARD_PREFIX.length);
  s = s.replace(/O/g, '0').replace(/[IL]/g, '1');
  if (s.length !== CODE_CHARS) return null;
  for (const c of s) if (!ALPHABET.includes(c)) return null;
  return s;
}

/** What the database keeps to find a card: SHA-256 of the normalised code (80 random bits cannot be brute-forced). */
export const giftCardCodeHash = (normalised: string): string => createHash('sha256').update(`okb-gift-card:${normalised}`).digest('hex');

/** The last four characters, which pages, receipts and the dashboard show. */
export const giftCardLast4 = (normalised: string): string => normalised.slice(-4);

/**
 * The code sealed for its delivery email (AES-256-GCM, key derived from the server secret): a copy of the database
 * alone reveals no usable code.
 */
export class GiftCardCodeSealer {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = createHmac('sha256', serverSecret).update('okay-bike/gift-card-codes/v1').digest();
  }

  seal(normalised: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(normalised, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** The printable code (`GIFT-XXXX-...`), or null when the key changed since it was sealed. */
  open(sealed: string): string | null {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== 'v1' || !iv || !body || !tag) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      return formatGiftCardCode(plain);
    } catch {
      return null;
    }
  }
}
