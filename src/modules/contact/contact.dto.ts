import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { EmailField, Trim } from '../../common/validators.js';
import type { ContactMessageRow } from '../../database/schema/contact-messages.js';
import { PageQueryDto } from '../../common/dto/page-query.dto.js';

/** The Contact page form. */
export class CreateContactMessageDto {
  @ApiProperty({ example: 'Rahim Uddin', minLength: 1, maxLength: 100 })
  @Trim()
  @IsString({ message: 'name must be a string' })
  @MinLength(1, { message: 'name is required' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  name: string;

  @EmailField({ example: 'rahim@example.com' })
  email: string;

  @ApiProperty({ example: 'Group booking for a weekend ride', minLength: 1, maxLength: 150 })
  @Trim()
  @IsString({ message: 'subject must be a string' })
  @MinLength(1, { message: 'subject is required' })
  @MaxLength(150, { message: 'subject must be at most 150 characters' })
  subject: string;

  @ApiProperty({ example: 'Hello, we are six riders and would like to rent bikes for Saturday.', minLength: 10, maxLength: 5000 })
  @Trim()
  @IsString({ message: 'message must be a string' })
  @MinLength(10, { message: 'message must be at least 10 characters' })
  @MaxLength(5000, { message: 'message must be at most 5000 characters' })
  message: string;
}

export class ContactMessageDto {
  @ApiProperty({ example: '3c5e7a9b-1d2f-4a6c-8e0b-2d4f6a8c0e1a' }) _id: string;
  @ApiProperty({ example: 'Rahim Uddin' }) name: string;
  @ApiProperty({ example: 'rahim@example.com' }) email: string;
  @ApiProperty({ example: 'Group booking for a weekend ride' }) subject: string;
  @ApiProperty({ example: 'Hello, we are six riders and would like to rent bikes for Saturday.' }) message: string;
  @ApiProperty({ example: '2026-05-01T10:00:00.000Z' }) createdAt: string;
}

export function toContactMessageDto(row: ContactMessageRow): ContactMessageDto {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

export class ListContactMessagesQueryDto extends PageQueryDto(100) {}

export class ContactMessagesPageDto {
  @ApiProperty({ type: [ContactMessageDto], description: 'Newest first' }) messages: ContactMessageDto[];
  @ApiProperty({ example: 1 }) currentPage: number;
  @ApiProperty({ example: 3 }) totalPages: number;
  @ApiProperty({ example: 27 }) totalCount: number;
}
