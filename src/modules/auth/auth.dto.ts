import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { UserDto } from '../users/users.dto.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class SignupDto {
  @ApiProperty({ example: 'Rahim Uddin', maxLength: 100 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(100)
  name: string;

  @ApiProperty({ example: 'rahim@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(254)
  email: string;

  @ApiProperty({ example: 'correct-horse-battery', minLength: 6, maxLength: 128 })
  @IsString()
  @MinLength(6, { message: 'password must be at least 6 characters' })
  @MaxLength(128)
  password: string;

  @ApiProperty({ example: '+8801711000000', maxLength: 30 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'phone is required' })
  @MaxLength(30)
  phone: string;

  @ApiProperty({ example: 'House 12, Road 5, Dhanmondi, Dhaka', maxLength: 300 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'address is required' })
  @MaxLength(300)
  address: string;

  @ApiPropertyOptional({
    enum: ['user'],
    description: 'Accepted for compatibility with existing clients; signup always creates role user.',
  })
  @IsOptional()
  @IsIn(['user'], { message: 'role must be user: signup always creates a user account' })
  role?: 'user';
}

export class LoginDto {
  @ApiProperty({ example: 'user@okaybike.demo' })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(254)
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
