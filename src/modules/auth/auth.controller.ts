import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiResult, ok } from '../../common/api-result.js';
import { AuthUser, CurrentUser, Public } from '../../common/decorators.js';
import { RateLimitGuard } from '../../common/rate-limit.guard.js';
import { Envelope, ErrorEnvelopeDto, MessageEnvelopeDto } from '../../common/dto/envelope.dto.js';
import { AppConfig } from '../../config/app-config.js';
import { UserDto } from '../users/users.dto.js';
import { UsersService } from '../users/users.service.js';
import { clearAuthCookie, setAuthCookie } from './auth-cookie.js';
import { LoginDto, LoginResponseDto, SignupDto } from './auth.dto.js';
import { AuthService } from './auth.service.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly config: AppConfig,
    private readonly users: UsersService,
  ) {}

  @Post('signup')
  @Public()
  @UseGuards(RateLimitGuard)
  @ApiOperation({ summary: 'Create a user account (role is always user)' })
  @ApiCreatedResponse({ type: Envelope(UserDto) })
  @ApiBadRequestResponse({ description: 'A field is missing or malformed', type: ErrorEnvelopeDto })
  @ApiConflictResponse({ description: 'Email already registered', type: ErrorEnvelopeDto })
  @ApiTooManyRequestsResponse({ type: ErrorEnvelopeDto })
  async signup(@Body() dto: SignupDto): Promise<ApiResult<UserDto>> {
    return ok(await this.auth.signup(dto), 'Signup Successful');
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @ApiOperation({ summary: 'Log in; returns the token and sets it as an httpOnly cookie' })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiBadRequestResponse({ type: ErrorEnvelopeDto })
  @ApiUnauthorizedResponse({ description: 'Invalid email or password', type: ErrorEnvelopeDto })
  @ApiForbiddenResponse({ description: 'Sent from a page of another site (Origin header of another origin)', type: ErrorEnvelopeDto })
  @ApiTooManyRequestsResponse({
    description:
      'More than LOGIN_RATE_LIMIT (10) attempts a minute from one address, or ACCOUNT_LOCKED: LOGIN_ACCOUNT_FAILURES (5) wrong ' +
      'passwords for this email within LOGIN_ACCOUNT_LOCK_SECONDS (900), from any address',
    type: ErrorEnvelopeDto,
  })
  async login(
    @Body() dto: LoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiResult<UserDto>> {
    const { token, user } = await this.auth.login(dto);
    setAuthCookie(req, res, token, this.config.env.JWT_EXPIRES_IN);
    return ok(user, 'Login successful', { token });
  }

  @Get('session')
  @Public()
  @ApiOperation({
    summary: 'The signed-in user, or null when signed out',
    description: 'Like GET users/me but answers 200 with data null instead of 401, so a page can ask without an error.',
  })
  @ApiOkResponse({ type: Envelope(UserDto, 'SessionEnvelope') })
  async getSession(@CurrentUser() user: AuthUser | undefined): Promise<ApiResult<UserDto | null>> {
    return ok(user ? await this.users.getProfile(user.id) : null, user ? 'Signed in' : 'Signed out');
  }

  @Post('logout')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Log out: ends the session and clears the auth cookie',
    description:
      'With a valid token (cookie or Bearer) every session of the user ends: tokens issued before stop working, on every device.',
  })
  @ApiOkResponse({ type: MessageEnvelopeDto })
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
