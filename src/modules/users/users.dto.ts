import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { EchoableFields } from '../../common/compat-body.js';
import { EmailField, IsOptionalNotNull, NewPassword, Trim } from '../../common/validators.js';
import { LANGUAGES, ROLES } from '../../database/schema/users.js';
import type { Language, Role, UserRow } from '../../database/schema/users.js';
import { PageQueryDto } from '../../common/dto/page-query.dto.js';

/** A user as the API shows it: never the password hash. */
export class UserDto {
  @ApiProperty({ example: '0b6f1d9e-7c1a-4f3e-9a51-2f0c8d1e4b7a' }) _id: string;
  @ApiProperty({ example: 'Rahim Uddin' }) name: string;
  @ApiProperty({ example: 'rahim@example.com' }) email: string;
  @ApiProperty({ example: '+8801711000000' }) phone: string;
  @ApiProperty({ example: 'House 12, Road 5, Dhanmondi, Dhaka' }) address: string;
  @ApiProperty({ enum: ['user', 'admin'], example: 'user' }) role: Role;
  @ApiProperty({ example: '2026-05-01T10:00:00.000Z' }) createdAt: string;
  @ApiProperty({ enum: LANGUAGES, nullable: true, type: String, example: 'de', description: "The language the user chose for the dashboard and emails; null: the shop's default (en)" })
  language: Language | null;
}

export function toUserDto(row: UserRow): UserDto {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    language: row.language ?? null,
  };
}

/**
 * PUT users/me: name, email, phone and address. The profile's read-only fields (`_id`, `role`, `createdAt`, ...)
 * echoed back with it are accepted and ignored; any other field is rejected.
 */
@EchoableFields('role')
export class UpdateProfileDto {
  @ApiPropertyOptional({ example: 'Rahim Uddin', maxLength: 100 })
  @IsOptionalNotNull()
  @Trim()
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(100)
  name?: string;

  @EmailField({ example: 'rahim@example.com', optional: true })
  email?: string;

  @ApiPropertyOptional({ example: '+8801711000000', maxLength: 30 })
  @IsOptionalNotNull()
  @Trim()
  @IsString()
  @MaxLength(30)
  phone?: string;

  @ApiPropertyOptional({ example: 'House 12, Road 5, Dhanmondi, Dhaka', maxLength: 300 })
  @IsOptionalNotNull()
  @Trim()
  @IsString()
  @MaxLength(300)
  address?: string;

  @ApiPropertyOptional({ enum: LANGUAGES, nullable: true, type: String, example: 'de', description: "The dashboard's and emails' language; null: the shop's default" })
  @IsOptional()
  @IsIn(LANGUAGES, { message: `language must be one of ${LANGUAGES.join(', ')}` })
  language?: Language | null;
}

/** PUT users/me/password: the current password, and the new one (same rules as signup). */
export class ChangePasswordDto {
  @ApiProperty({ example: 'old-secret-1', maxLength: 128 })
  @IsString()
  @MinLength(1, { message: 'currentPassword is required' })
  @MaxLength(128)
  currentPassword: string;

  @NewPassword('new-secret-2')
  newPassword: string;
}

export class PasswordChangedDto {
  @ApiProperty({ type: Boolean, example: true }) success: true;
  @ApiProperty({ example: 'Password changed' }) message: string;
  @ApiProperty({ description: 'A new token for this session (also set as the httpOnly cookie okb_token); every older token has stopped working' })
  token: string;
  @ApiProperty({ type: UserDto }) data: UserDto;
}

/** GET users/allusers: the All Users screen asks for 3 a page, the signups chart for 1000. */
export class ListUsersQueryDto extends PageQueryDto(1000) {}

export class UsersPageDto {
  @ApiProperty({ type: [UserDto], description: 'Newest accounts first' }) users: UserDto[];
  @ApiProperty({ example: 1 }) currentPage: number;
  @ApiProperty({ example: 4, description: 'At least 1, even when there are no users' }) totalPages: number;
  @ApiProperty({ example: 11, description: 'Number of accounts (all roles)' }) totalUsers: number;
  @ApiProperty({ example: 11, description: 'Same as totalUsers, under the name the bike listing uses' }) totalCount: number;
}

/** PUT users/{id}/role: no body promotes to admin (what the All Users screen sends); the user's other fields echoed back are ignored. */
@EchoableFields('name', 'email', 'phone', 'address')
export class ChangeRoleDto {
  @ApiPropertyOptional({ enum: ROLES, default: 'admin', description: 'The new role; omitted means admin (promote)' })
  @IsOptional()
  @IsIn(ROLES, { message: "role must be 'user' or 'admin'" })
  role?: Role;
}
