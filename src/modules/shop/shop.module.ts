import { Module } from '@nestjs/common';
import { ShopController } from './shop.controller.js';
import { ShopSettingsRepository } from './shop-settings.repository.js';
import { ShopSettingsService } from './shop-settings.service.js';

/** The shop's own settings (opening hours, closed dates, feed secret). A low module: it reads only its own table. */
@Module({
  controllers: [ShopController],
  providers: [ShopSettingsRepository, ShopSettingsService],
  exports: [ShopSettingsService],
})
export class ShopModule {}
