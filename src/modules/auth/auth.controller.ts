import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
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
import { AUTH_COOKIE } from './auth.constants.js';
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
  @ApiTooManyRequestsResponse({ description: 'More than 10 attempts a minute from one address', type: ErrorEnvelopeDto })
  async login(
    @Body() dto: LoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiResult<UserDto>> {
    const { token, user } = await this.auth.login(dto);
    res.cookie(AUTH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/',
      maxAge: this.config.env.JWT_EXPIRES_IN * 1000,
    });
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
  @ApiOperation({ summary: 'Log out: clears the auth cookie' })
  @ApiOkResponse({ type: MessageEnvelopeDto })
  logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): ApiResult<null> {
    res.clearCookie(AUTH_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
    return ok(null, 'Logged out');
  }
}
