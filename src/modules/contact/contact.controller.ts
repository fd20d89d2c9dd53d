import { Body, Controller, Get, Post, Query, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RateLimitGuard } from '../../common/rate-limit.guard.js';
import { ApiResult, ok } from '../../common/api-result.js';
import { Endpoint, Envelope } from '../../common/endpoint.decorator.js';
import {
  ContactMessageDto,
  ContactMessagesPageDto,
  CreateContactMessageDto,
  ListContactMessagesQueryDto,
} from './contact.dto.js';
import { ContactService } from './contact.service.js';

@ApiTags('contact')
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @Endpoint({
    access: 'public',
    summary: 'Send a message from the Contact page',
    description: 'Open to everyone; rate limited per address like login. We answer by email in 1-2 business days.',
    created: Envelope(ContactMessageDto),
    errors: { 400: 'A field is missing or out of bounds (every bad field is listed)', 429: 'Too many messages a minute from one address' },
  })
  @UseGuards(RateLimitGuard)
  async sendContactMessage(@Body() dto: CreateContactMessageDto): Promise<ApiResult<ContactMessageDto>> {
    return ok(
      await this.contact.createMessage(dto),
      'Thank you! Your message has been received. We respond in 1-2 business days.',
    );
  }

  @Get()
  @Endpoint({
    access: ['admin'],
    summary: 'Messages sent from the Contact page, newest first, paged',
    ok: Envelope(ContactMessagesPageDto),
    errors: { 400: 'page or limit out of range' },
  })
  async listContactMessages(@Query() query: ListContactMessagesQueryDto): Promise<ApiResult<ContactMessagesPageDto>> {
    return ok(await this.contact.listMessages(query), 'Messages retrieved successfully');
  }
}
