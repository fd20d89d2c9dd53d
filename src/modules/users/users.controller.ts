import { Body, Controller, Delete, Get, Param, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiResult, ok } from '../../common/api-result.js';
import { AuthUser, CurrentUser } from '../../common/decorators.js';
import { Endpoint, Envelope, MessageEnvelopeDto } from '../../common/endpoint.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { RateLimitGuard } from '../../common/rate-limit.guard.js';
import { AppConfig } from '../../config/app-config.js';
import { setAuthCookie } from '../auth/auth-cookie.js';
import { AuthService } from '../auth/auth.service.js';
import { ChangePasswordDto, ChangeRoleDto, ListUsersQueryDto, PasswordChangedDto, UpdateProfileDto, UserDto, UsersPageDto } from './users.dto.js';
import { UsersService } from './users.service.js';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly config: AppConfig,
  ) {}

  @Get('me')
  @Endpoint({ access: 'signed-in', summary: 'The signed-in user profile', ok: Envelope(UserDto) })
  async getMe(@CurrentUser() user: AuthUser): Promise<ApiResult<UserDto>> {
    return ok(await this.users.getProfile(user.id), 'Profile retrieved successfully');
  }

  @Put('me')
  @Endpoint({
    access: 'signed-in',
    summary: 'Update name, email, phone and address of the signed-in user',
    ok: Envelope(UserDto),
    errors: { 400: 'A field is malformed, null or unknown', 409: 'Email already in use' },
  })
  async updateMe(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto): Promise<ApiResult<UserDto>> {
    return ok(await this.users.updateProfile(user.id, dto), 'Profile Updated Successfully');
  }

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

  @Get('allusers')
  @Endpoint({
    access: ['admin'],
    summary: 'All accounts, newest first, paged',
    ok: Envelope(UsersPageDto),
    errors: { 400: 'page or limit out of range' },
  })
  async listUsers(@Query() query: ListUsersQueryDto): Promise<ApiResult<UsersPageDto>> {
    return ok(await this.users.listUsers(query), 'Users retrieved successfully');
  }

  @Put(':id/role')
  @Endpoint({
    access: ['admin'],
    summary: 'Promote a user to admin',
    description:
      'Without a body (as the All Users screen sends it) the user becomes an admin; `{ "role": "user" }` demotes an ' +
      'admin. Idempotent: setting the role a user already has answers 200 and changes nothing. Admins cannot change ' +
      'their own role. A change ends every session of that user (they log in again with the new role).',
    ok: Envelope(UserDto),
    errors: { 400: 'id or role is malformed', 404: 'No user with this id', 409: "The caller's own account (OWN_ACCOUNT)" },
  })
  @ApiParam({ name: 'id', description: 'The user id', format: 'uuid' })
  async changeUserRole(
    @CurrentUser() actor: AuthUser,
    @Param('id', ParseIdPipe('id')) id: string,
    @Body() dto: ChangeRoleDto,
  ): Promise<ApiResult<UserDto>> {
    const { user, message } = await this.users.changeRole(actor, id, dto.role ?? 'admin');
    return ok(user, message);
  }

  @Delete(':id')
  @Endpoint({
    access: ['admin'],
    summary: 'Delete a user account',
    description:
      'Anonymises the account and keeps the payment ledger: name, email, phone and address are scrubbed, the account can ' +
      'no longer log in and its sessions end; its rentals and payments stay (in the admin reports, under "Deleted user"). ' +
      "Its reviews, favourites and helpful votes are removed (the helpful counts of other users' reviews are corrected). " +
      'Refused with 409 USER_HAS_OPEN_RENTALS while the user has rentals not yet returned (booked, or held for an unpaid ' +
      'booking fee). Admins cannot delete themselves. The account then answers 404 like an unknown id.',
    ok: MessageEnvelopeDto,
    errors: {
      400: 'id is malformed',
      404: 'No user with this id',
      409: 'Open rentals (USER_HAS_OPEN_RENTALS), or the caller\'s own account (OWN_ACCOUNT)',
    },
  })
  @ApiParam({ name: 'id', description: 'The user id', format: 'uuid' })
  async deleteUser(@CurrentUser() actor: AuthUser, @Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<null>> {
    await this.users.deleteUser(actor, id);
    return ok(null, 'User Deleted Successfully');
  }
}
