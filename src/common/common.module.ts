import { Global, Module } from '@nestjs/common';
import { join, resolve } from 'node:path';
import { AppConfig } from '../config/app-config.js';
import { Clock } from './clock.js';
import { MicroCacheInterceptor } from './micro-cache.interceptor.js';
import { PublicReadCache } from './micro-cache.js';
import { RateLimitGuard, RateLimitStore } from './rate-limit.guard.js';
import { FileStore, LocalFileStore } from './storage/file-store.js';

@Global()
@Module({
  providers: [
    Clock,
    RateLimitStore,
    RateLimitGuard,
    PublicReadCache,
    MicroCacheInterceptor,
    {
      // Files the server writes (agreement PDFs, condition photos): local disk under DATA_DIR/files by default.
      provide: FileStore,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new LocalFileStore(resolve(join(config.env.DATA_DIR, 'files'))),
    },
  ],
  exports: [Clock, RateLimitStore, RateLimitGuard, PublicReadCache, MicroCacheInterceptor, FileStore],
})
export class CommonModule {}
