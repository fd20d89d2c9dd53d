import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiResult, ok } from '../../common/api-result.js';
import { AuthUser, CurrentUser } from '../../common/decorators.js';
import { Endpoint, Envelope, MessageEnvelopeDto } from '../../common/endpoint.decorator.js';
import { RateLimitGuard } from '../../common/rate-limit.guard.js';
import { AppConfig } from '../../config/app-config.js';
import { UserDto } from '../users/users.dto.js';
import { UsersService } from '../users/users.service.js';
import { clearAuthCookie, setAuthCookie } from './auth-cookie.js';
import { LoginDto, LoginResponseDto, SignupDto } from './auth.dto.js';
import { AuthService } from './auth.service.js';
import { LoginDelayed } from './login-backoff.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly config: AppConfig,
    private readonly users: UsersService,
  ) {}

  @Post('signup')
  @Endpoint({
    access: 'public',
    summary: 'Create a user account (role is always user)',
    created: Envelope(UserDto),
    errors: {
      400: 'A field is missing or malformed',
      409: 'Email already registered',
      429: 'More than LOGIN_RATE_LIMIT (10) attempts a minute from one address',
    },
  })
  @UseGuards(RateLimitGuard)
  async signup(@Body() dto: SignupDto): Promise<ApiResult<UserDto>> {
    return ok(await this.auth.signup(dto), 'Signup Successful');
  }

  @Post('login')
  @Endpoint({
    access: 'public',
    summary: 'Log in; returns the token and sets it as an httpOnly cookie',
    ok: LoginResponseDto,
    errors: {
      400: 'email or password missing or malformed',
      401: 'Invalid email or password',
      403: 'Sent from a page of another site (Origin header of another origin)',
      429:
        'More than LOGIN_RATE_LIMIT (10) attempts a minute from one address, or ACCOUNT_LOCKED (with Retry-After): this address ' +
        'has had LOGIN_ACCOUNT_FAILURES (5) wrong passwords for this email within LOGIN_ACCOUNT_LOCK_SECONDS (900) and gets one try per ' +
        'LOGIN_BACKOFF_SECONDS (30), doubling; an address without failures for the email is never delayed',
    },
  })
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  async login(
    @Body() dto: LoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiResult<UserDto>> {
    const { token, user } = await this.auth.login(dto, req.ip).catch((e: unknown) => {
      if (e instanceof LoginDelayed) res.setHeader('Retry-After', String(e.retryAfterS));
      throw e;
    });
    setAuthCookie(req, res, token, this.config.env.JWT_EXPIRES_IN);
    return ok(user, 'Login successful', { token });
  }

  @Get('session')
  @Endpoint({
    access: 'public',
    summary: 'The signed-in user, or null when signed out',
    description: 'Like GET users/me but answers 200 with data null instead of 401, so a page can ask without an error.',
    ok: Envelope(UserDto, 'SessionEnvelope'),
  })
  async getSession(@CurrentUser() user: AuthUser | undefined): Promise<ApiResult<UserDto | null>> {
    return ok(user ? await this.users.getProfile(user.id) : null, user ? 'Signed in' : 'Signed out');
  }

  @Post('logout')
  @Endpoint({
    access: 'public',
    summary: 'Log out: ends the session and clears the auth cookie',
    description: 'With a valid token (cookie or Bearer) every session of the user ends: tokens issued before stop working, on every device.',
    ok: MessageEnvelopeDto,
  })
  @HttpCode(200)
  async logout(
    @CurrentUser() user: AuthUser | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiResult<null>> {
    if (user) await this.auth.endSessions(user.id);
    clearAuthCookie(req, res);
    return ok(null, 'Logged out');
  }
}
