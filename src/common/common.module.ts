import { Global, Module } from '@nestjs/common';
import { Clock } from './clock.js';
import { RateLimitGuard, RateLimitStore } from './rate-limit.guard.js';

@Global()
@Module({ providers: [Clock, RateLimitStore, RateLimitGuard], exports: [Clock, RateLimitStore, RateLimitGuard] })
export class CommonModule {}
