import { Body, Controller, Put, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiResult, ok } from '../../common/api-result.js';
import { AuthUser, CurrentUser } from '../../common/decorators.js';
import { Endpoint } from '../../common/endpoint.decorator.js';
import { RateLimitGuard } from '../../common/rate-limit.guard.js';
import { AppConfig } from '../../config/app-config.js';
import { ChangePasswordDto, PasswordChangedDto, UserDto } from '../users/users.dto.js';
import { setAuthCookie } from './auth-cookie.js';
import { AuthService } from './auth.service.js';

/**
 * PUT /api/users/me/password: under users/ in the API, in the auth module in the code, because it issues a new
 * token (users sits below auth in the module layers, README "Module layers").
 */
@ApiTags('users')
@Controller('users')
export class PasswordController {
  constructor(
    private readonly auth: AuthService,
    private readonly config: AppConfig,
  ) {}

  @Put('me/password')
  @Endpoint({
    access: 'signed-in',
    summary: 'Change the password of the signed-in user',
    description:
      'Checks currentPassword, stores newPassword and ends every other session (their tokens stop working); answers a new ' +
      'token for this one (and sets it as the cookie). Rate limited per address like login.',
    ok: PasswordChangedDto,
    errors: {
      400: 'currentPassword is wrong, or newPassword is shorter than 8 characters or one of the 10,000 most common passwords',
      429: 'More than LOGIN_RATE_LIMIT (10) attempts a minute from one address',
    },
  })
  @UseGuards(RateLimitGuard)
  async changePassword(
    @CurrentUser() user: AuthUser,
    @Body() dto: ChangePasswordDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiResult<UserDto>> {
    const { token, user: updated } = await this.auth.changePassword(user.id, dto.currentPassword, dto.newPassword);
    setAuthCookie(req, res, token, this.config.env.JWT_EXPIRES_IN);
    return ok(updated, 'Password changed', { token });
  }
}
