import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { CatalogWriteInterceptor } from './common/catalog-write.interceptor.js';
import { CommonModule } from './common/common.module.js';
import { EnvelopeInterceptor } from './common/envelope.interceptor.js';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { NulBytePipe } from './common/input-limits.js';
import { createValidationPipe } from './common/validation.pipe.js';
import { ConfigModule } from './config/config.module.js';
import { Env } from './config/env.schema.js';
import { DatabaseModule } from './database/database.module.js';
import { DatabaseOptions } from './database/database.service.js';
import { StartupService } from './database/startup.service.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { BikesModule } from './modules/bikes/bikes.module.js';
import { FavouritesModule } from './modules/favourites/favourites.module.js';
import { RentalsModule } from './modules/rentals/rentals.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { ReviewsModule } from './modules/reviews/reviews.module.js';
import { DashboardModule } from './modules/dashboard/dashboard.module.js';
import { ContactModule } from './modules/contact/contact.module.js';
import { ShopModule } from './modules/shop/shop.module.js';
import { SeoModule } from './modules/seo/seo.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { BackupModule } from './modules/backup/backup.module.js';
import { CounterModule } from './modules/counter/counter.module.js';
import { AgreementsModule } from './modules/agreements/agreements.module.js';

export interface AppModuleOptions {
  env?: Partial<Record<keyof Env, string>>;
  database?: DatabaseOptions;
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        // core
        ConfigModule.forRoot(options.env),
        CommonModule,
        DatabaseModule.forRoot(options.database),
        NotificationsModule,
        AuthModule,
        HealthModule,
        // features
        UsersModule,
        BikesModule,
        FavouritesModule,
        RentalsModule,
        AgreementsModule,
        PaymentsModule,
        ReviewsModule,
        DashboardModule,
        ContactModule,
        SeoModule,
        BackupModule,
        ShopModule,
        CounterModule,
      ],
      providers: [
        StartupService,
        // In this order: NUL characters first (any string input), then the DTO validation.
        { provide: APP_PIPE, useClass: NulBytePipe },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        { provide: APP_INTERCEPTOR, useClass: CatalogWriteInterceptor },
      ],
    };
  }
}
