import { Body, Controller, Get, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiResult, ok } from '../../../common/api-result.js';
import { AuthUser, CurrentUser } from '../../../common/decorators.js';
import { Endpoint, Envelope } from '../../../common/endpoint.decorator.js';
import { publicOrigin } from '../../../common/public-origin.js';
import { RateLimit, RateLimitGuard } from '../../../common/rate-limit.guard.js';
import { GiftCardBalanceDto, GiftCardDto, GiftCardOptionsDto, GiftCardPurchaseDto, PurchaseGiftCardDto } from './gift-cards.dto.js';
import { GiftCardsService } from './gift-cards.service.js';

@ApiTags('gift-cards')
@Controller('gift-cards')
export class GiftCardsController {
  constructor(private readonly giftCards: GiftCardsService) {}

  @Get('options')
  @Endpoint({
    access: 'public',
    summary: 'What the Gift cards page offers: currency, preset amounts, limits, expiry (public)',
    ok: Envelope(GiftCardOptionsDto),
  })
  options(): ApiResult<GiftCardOptionsDto> {
    return ok(this.giftCards.options(), 'Gift card options retrieved successfully');
  }

  @Post()
  @Endpoint({
    access: 'signed-in',
    summary: 'Buy a gift card: answers the hosted payment page',
    description:
      'Amount (a preset or typed, within GIFT_CARD_MIN_AMOUNT..GIFT_CARD_MAX_AMOUNT of GIFT_CARD_CURRENCY), recipient name, email and ' +
      'message, and the send date. The card is issued when the payment succeeds: the purchaser gets a confirmation, webhooks ' +
      '`giftcard.purchased`, and the recipient gets an email with the PDF card (code and QR code) on the send date at 09:00 shop time. ' +
      'The gateway returns the payer to /gift-cards/result?payment=<id>&status=...',
    created: Envelope(GiftCardPurchaseDto),
    errors: { 400: 'A field is missing or out of bounds (each bad field is named)', 502: 'PAYMENT_GATEWAY_ERROR' },
  })
  async purchase(@CurrentUser() user: AuthUser, @Body() dto: PurchaseGiftCardDto, @Req() req: Request): Promise<ApiResult<GiftCardPurchaseDto>> {
    const data = await this.giftCards.purchase(user, dto, publicOrigin(req, undefined).origin);
    return ok(data, 'Go to the payment page to pay for the gift card.');
  }

  @Get()
  @Endpoint({
    access: 'signed-in',
    summary: 'Gift cards bought by the caller (admins: every gift card), newest first, with balances',
    description: 'Never the code: its last four characters.',
    ok: Envelope([GiftCardDto]),
  })
  async list(@CurrentUser() user: AuthUser): Promise<ApiResult<GiftCardDto[]>> {
    return ok(await this.giftCards.list(user), 'Gift cards retrieved successfully');
  }

  @Get(':code')
  @Endpoint({
    access: 'public',
    summary: 'The balance of a gift card, for whoever holds its code (public, rate limited)',
    description:
      'Case, spaces and dashes do not matter. Rate limited per client address (GIFT_CARD_LOOKUP_RATE_LIMIT a minute) against guessing; ' +
      'codes carry 80 random bits.',
    ok: Envelope(GiftCardBalanceDto),
    errors: { 400: 'code is not a gift card code (GIFT_CARD_INVALID)', 404: 'No gift card has this code', 429: 'Too many lookups a minute from one address' },
  })
  @ApiParam({ name: 'code', example: 'GIFT-7K3M-Q9XD-2F8H-WN4T' })
  @UseGuards(RateLimitGuard)
  @RateLimit({ setting: 'GIFT_CARD_LOOKUP_RATE_LIMIT', per: 'ip', message: 'Too many gift card lookups, please wait a minute and try again' })
  async balance(@Param('code') code: string): Promise<ApiResult<GiftCardBalanceDto>> {
    return ok(await this.giftCards.balanceOf(code), 'Gift card balance retrieved successfully');
  }
}
