import { ConflictException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AuthUser } from '../../common/decorators.js';
import { AppConfig } from '../../config/app-config.js';
import { isUniqueViolation } from '../../database/pg-errors.js';
import { DomainEvents } from '../notifications/domain-events.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { toUserDto, UserDto } from '../users/users.dto.js';
import { JWT_ALGORITHM } from './auth.constants.js';
import { LoginDto, SignupDto } from './auth.dto.js';
import { PasswordService } from './password.service.js';

export interface JwtPayload {
  sub: string;
  role: string;
}

const INVALID_LOGIN = 'Invalid email or password';

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');

  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
    private readonly events: DomainEvents,
  ) {}

  async signup(dto: SignupDto): Promise<UserDto> {
    if (await this.users.findByEmail(dto.email)) throw new ConflictException('Email is already registered');
    const passwordHash = await this.passwords.hash(dto.password);
    try {
      return await this.users.transaction(async (tx) => {
        const row = await this.users.insert({ name: dto.name, email: dto.email, passwordHash, phone: dto.phone, address: dto.address, role: 'user' }, tx);
        await this.events.record(tx, { type: 'user.signed_up', data: toUserDto(row), userId: row.id });
        return toUserDto(row);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new ConflictException('Email is already registered');
      throw e;
    }
  }

  /** Same message and similar timing whether the email or the password is wrong. */
  async login(dto: LoginDto): Promise<{ token: string; user: UserDto }> {
    const row = await this.users.findByEmail(dto.email);
    const valid = await this.passwords.verify(row?.passwordHash, dto.password);
    if (!row || !valid) throw new UnauthorizedException(INVALID_LOGIN);
    return { token: await this.issueToken(row.id, row.role), user: toUserDto(row) };
  }

  issueToken(userId: string, role: string): Promise<string> {
    const payload: JwtPayload = { sub: userId, role };
    return this.jwt.signAsync(payload);
  }

  /**
   * The caller behind a token, or null when the token is invalid, expired or its user is gone.
   * Only token errors mean "no user": a database failure propagates (and answers 503), never a 401.
   */
  async verifyToken(token: string | undefined): Promise<AuthUser | null> {
    if (!token) return null;
    let payload: JwtPayload;
    try {
      payload = await this.jwt.verifyAsync<JwtPayload>(token, {
        algorithms: [JWT_ALGORITHM],
        issuer: this.config.env.JWT_ISSUER,
        audience: this.config.env.JWT_AUDIENCE,
      });
    } catch {
      return null;
    }
    return this.userFromPayload(payload);
  }

  /** The current user behind verified claims; the role comes from the database, never from the claim. */
  async userFromPayload(payload: JwtPayload): Promise<AuthUser | null> {
    if (typeof payload?.sub !== 'string' || !/^[0-9a-f-]{36}$/i.test(payload.sub)) return null;
    const row = await this.users.findById(payload.sub);
    return row ? { id: row.id, name: row.name, email: row.email, role: row.role } : null;
  }

  /** ADMIN_EMAIL + ADMIN_PASSWORD: create that admin at start, or make the existing account an admin. */
  async ensureOperatorAdmin(): Promise<void> {
    const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = this.config.env;
    if (!email || !password) return;
    const existing = await this.users.findByEmail(email);
    if (existing) {
      if (existing.role !== 'admin') await this.users.setRole(existing.id, 'admin');
      this.logger.log(`operator admin ${email} ensured (existing account)`);
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
