import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id at DESIGN section 5's floor: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordService {
  /** A hash of a random password: verifying against it costs the same as a real check (no user enumeration by timing). */
  private dummyHash?: Promise<string>;

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    if (!hash) {
      this.dummyHash ??= this.hash('not-a-real-password-' + Math.random());
      await argon2.verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    return argon2.verify(hash, password).catch(() => false);
  }
}
