import { BadRequestException, ConflictException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createSecretKey, KeyObject } from 'node:crypto';
import { AuthUser } from '../../common/decorators.js';
import { AppConfig } from '../../config/app-config.js';
import { isUniqueViolation } from '../../database/pg-errors.js';
import type { UserRow } from '../../database/schema/users.js';
import { DomainEvents } from '../events/domain-events.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { toUserDto, UserDto } from '../users/users.dto.js';
import { JWT_ALGORITHM } from './auth.constants.js';
import { LoginDto, SignupDto } from './auth.dto.js';
import { resolveJwtSecret } from './jwt-secret.js';
import { LoginBackoff } from './login-backoff.js';
import { PasswordService } from './password.service.js';
import { TransactionHost } from '../../database/transaction-host.js';

export interface JwtPayload {
  sub: string;
  role: string;
  /** The user's session version when the token was issued; a later logout, password or role change bumps it. */
  sv?: number;
  iss?: string;
  aud?: string | string[];
}

const INVALID_LOGIN = 'Invalid email or password';

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');
  /** The HS256 key as a KeyObject (a string makes jsonwebtoken try createPublicKey() on every verify). */
  readonly verificationKey: KeyObject;

  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
    private readonly backoff: LoginBackoff,
    private readonly events: DomainEvents,
    private readonly txHost: TransactionHost,
  ) {
    this.verificationKey = createSecretKey(Buffer.from(resolveJwtSecret(config.env)));
  }

  async signup(dto: SignupDto): Promise<UserDto> {
    if (await this.users.findByEmail(dto.email)) throw new ConflictException('Email is already registered');
    const passwordHash = await this.passwords.hash(dto.password);
    try {
      return await this.txHost.run(async () => {
        const row = await this.users.insert({ name: dto.name, email: dto.email, passwordHash, phone: dto.phone, address: dto.address, role: 'user', ...(dto.language && { language: dto.language }) });
        await this.events.record({ type: 'user.signed_up', data: toUserDto(row), userId: row.id });
        return toUserDto(row);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new ConflictException('Email is already registered');
      throw e;
    }
  }

  /** Same message and similar timing whether the email or the password is wrong; the attempt is counted first (per-account back-off). */
  async login(dto: LoginDto, ip?: string): Promise<{ token: string; user: UserDto }> {
    await this.backoff.attempt(dto.email, ip);
    const row = await this.users.findByEmail(dto.email);
    const valid = await this.passwords.verify(row && !row.deletedAt ? row.passwordHash : undefined, dto.password);
    if (!row || row.deletedAt || !valid) throw new UnauthorizedException(INVALID_LOGIN);
    await this.backoff.succeeded(dto.email, ip);
    return { token: await this.tokenFor(row), user: toUserDto(row) };
  }

  /** A token for the user's current session version. */
  tokenFor(row: Pick<UserRow, 'id' | 'role' | 'sessionVersion'>): Promise<string> {
    return this.issueToken(row.id, row.role, row.sessionVersion);
  }

  issueToken(userId: string, role: string, sessionVersion = 0): Promise<string> {
    const payload: JwtPayload = { sub: userId, role, sv: sessionVersion };
    return this.jwt.signAsync(payload);
  }

  /**
   * The caller behind a token (the server-rendered pages; API requests go through the passport strategy),
   * or null when the token is invalid, expired or its user or session is gone.
   * Only token errors mean "no user": a database failure propagates (and answers 503), never a 401.
   */
  async verifyToken(token: string | undefined): Promise<AuthUser | null> {
    if (!token) return null;
    let payload: JwtPayload;
    try {
      payload = await this.jwt.verifyAsync<JwtPayload>(token, { algorithms: [JWT_ALGORITHM] });
    } catch {
      return null;
    }
    return this.userFromClaims(payload);
  }

  /**
   * The current user behind signature-checked claims: issuer and audience as configured, the user still
   * there (not deleted), the session version current. The role comes from the database, never from the claim.
   */
  async userFromClaims(payload: JwtPayload): Promise<AuthUser | null> {
    const { JWT_ISSUER, JWT_AUDIENCE } = this.config.env;
    if (payload?.iss !== JWT_ISSUER) return null;
    const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!aud.includes(JWT_AUDIENCE)) return null;
    if (typeof payload.sub !== 'string' || !/^[0-9a-f-]{36}$/i.test(payload.sub)) return null;
    const row = await this.users.findById(payload.sub);
    if (!row || row.deletedAt) return null;
    // Tokens issued before session versions existed carry no `sv`: they count as version 0.
    if ((payload.sv ?? 0) !== row.sessionVersion) return null;
    return { id: row.id, name: row.name, email: row.email, role: row.role, language: row.language ?? null };
  }

  /** Ends every session of the user (logout, role change): tokens issued before stop working. */
  async endSessions(userId: string): Promise<void> {
    await this.users.bumpSessionVersion(userId);
  }

  /**
   * Changes the signed-in user's password after checking the current one, ends every other session and
   * returns a token for this one.
   */
  async changePassword(userId: string, currentPassword: string, newPassword: string): Promise<{ token: string; user: UserDto }> {
    const row = await this.users.findById(userId);
    if (!row || row.deletedAt) throw new UnauthorizedException('Please log in to continue');
    if (!(await this.passwords.verify(row.passwordHash, currentPassword))) {
      throw new BadRequestException({
        message: 'currentPassword is not your current password',
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'currentPassword', message: 'currentPassword is not your current password' }],
      });
    }
    const passwordHash = await this.passwords.hash(newPassword);
    const updated = await this.txHost.run(async () => {
      const row = await this.users.setPassword(userId, passwordHash);
      if (row) await this.events.record({ type: 'user.password_changed', data: toUserDto(row), userId });
      return row;
    });
    if (!updated) throw new UnauthorizedException('Please log in to continue');
    return { token: await this.tokenFor(updated), user: toUserDto(updated) };
  }

  /**
   * ADMIN_EMAIL + ADMIN_PASSWORD: create that admin at start. An existing account with that email is made
   * admin only when its password is ADMIN_PASSWORD: anyone can sign up with (or change their email to) an
   * address before the operator sets it, and must not become admin by it.
   */
  async ensureOperatorAdmin(): Promise<void> {
    const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = this.config.env;
    if (!email || !password) return;
    const existing = await this.users.findByEmail(email);
    if (existing) {
      if (existing.role === 'admin') {
        this.logger.log(`operator admin ${email} present`);
      } else if (!existing.deletedAt && (await this.passwords.verify(existing.passwordHash, password))) {
        await this.users.setRole(existing.id, 'admin');
        this.logger.log(`operator admin ${email} ensured (existing account with ADMIN_PASSWORD promoted)`);
      } else {
        this.logger.warn(
          `ADMIN_EMAIL ${email} belongs to an existing user account whose password is not ADMIN_PASSWORD: not promoted. ` +
            'Choose another ADMIN_EMAIL, or promote the account from an admin session.',
        );
      }
      return;
    }
    try {
      await this.users.insert({
        name: 'Administrator',
        email,
        passwordHash: await this.passwords.hash(password),
        role: 'admin',
      });
    } catch (e) {
      // Another instance created it at the same moment.
      if (!isUniqueViolation(e)) throw e;
    }
    this.logger.log(`operator admin ${email} created`);
  }
}
