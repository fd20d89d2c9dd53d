import { Body, Controller, Get, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { RateLimitGuard } from '../../common/rate-limit.guard.js';
import { ApiResult, ok } from '../../common/api-result.js';
import { Public, Roles } from '../../common/decorators.js';
import { Envelope, ErrorEnvelopeDto } from '../../common/dto/envelope.dto.js';
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
  @Public()
  @UseGuards(RateLimitGuard)
  @ApiOperation({
    summary: 'Send a message from the Contact page',
    description: 'Open to everyone; rate limited per address like login. We answer by email in 1-2 business days.',
  })
  @ApiCreatedResponse({ type: Envelope(ContactMessageDto) })
  @ApiBadRequestResponse({ description: 'A field is missing or out of bounds (every bad field is listed)', type: ErrorEnvelopeDto })
  @ApiTooManyRequestsResponse({ description: 'Too many messages a minute from one address', type: ErrorEnvelopeDto })
  async sendContactMessage(@Body() dto: CreateContactMessageDto): Promise<ApiResult<ContactMessageDto>> {
    return ok(
      await this.contact.createMessage(dto),
      'Thank you! Your message has been received. We respond in 1-2 business days.',
    );
  }

  @Get()
  @Roles('admin')
  @ApiOperation({ summary: 'Messages sent from the Contact page, newest first, paged' })
  @ApiOkResponse({ type: Envelope(ContactMessagesPageDto) })
  @ApiBadRequestResponse({ description: 'page or limit out of range', type: ErrorEnvelopeDto })
  async listContactMessages(@Query() query: ListContactMessagesQueryDto): Promise<ApiResult<ContactMessagesPageDto>> {
    return ok(await this.contact.listMessages(query), 'Messages retrieved successfully');
  }
}
