import { Injectable } from '@nestjs/common';
import {
  ContactMessageDto,
  ContactMessagesPageDto,
  CreateContactMessageDto,
  ListContactMessagesQueryDto,
  toContactMessageDto,
} from './contact.dto.js';
import { ContactRepository } from './contact.repository.js';

@Injectable()
export class ContactService {
  constructor(private readonly contact: ContactRepository) {}

  async createMessage(dto: CreateContactMessageDto): Promise<ContactMessageDto> {
    const row = await this.contact.insert({ name: dto.name, email: dto.email, subject: dto.subject, message: dto.message });
    return toContactMessageDto(row);
  }

  async listMessages({ page, limit }: ListContactMessagesQueryDto): Promise<ContactMessagesPageDto> {
    const { rows, total } = await this.contact.page((page - 1) * limit, limit);
    return {
      messages: rows.map(toContactMessageDto),
      currentPage: page,
      totalPages: Math.max(1, Math.ceil(total / limit)),
      totalCount: total,
    };
  }
}
