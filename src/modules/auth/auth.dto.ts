import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { EmailField, NewPassword, RequiredText } from '../../common/validators.js';
import { LANGUAGES, type Language } from '../../database/schema/users.js';
import { UserDto } from '../users/users.dto.js';

export class SignupDto {
  @RequiredText(100, { example: 'Rahim Uddin' })
  name: string;

  @EmailField({ example: 'rahim@example.com' })
  email: string;

  @NewPassword('correct-horse-battery')
  password: string;

  @RequiredText(30, { example: '+8801711000000' })
  phone: string;

  @RequiredText(300, { example: 'House 12, Road 5, Dhanmondi, Dhaka' })
  address: string;

  @ApiPropertyOptional({
    enum: ['user'],
    description: 'Accepted for compatibility with existing clients; signup always creates role user.',
  })
  @IsOptional()
  @IsIn(['user'], { message: 'role must be user: signup always creates a user account' })
  role?: 'user';

  @ApiPropertyOptional({
    enum: LANGUAGES,
    type: String,
    example: 'de',
    description: "The language of the page the customer signed up on (issue 27): saved as their chosen language, which the dashboard and their emails follow. Without it: the shop's default (en).",
  })
  @IsOptional()
  @IsIn(LANGUAGES, { message: `language must be one of ${LANGUAGES.join(', ')}` })
  language?: Language;
}

export class LoginDto {
  @EmailField({ example: 'user@okaybike.demo' })
  email: string;

  @ApiProperty({ example: 'user12345' })
  @IsString()
  @IsNotEmpty({ message: 'password is required' })
  @MaxLength(128)
  password: string;
}

export class LoginResponseDto {
  @ApiProperty({ type: Boolean, example: true }) success: true;
  @ApiProperty({ example: 'Login successful' }) message: string;
  @ApiProperty({ description: 'JWT (HS256) for the Authorization: Bearer header; also set as the httpOnly cookie okb_token' })
  token: string;
  @ApiProperty({ type: UserDto }) data: UserDto;
}
