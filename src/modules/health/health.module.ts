import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { ShutdownState } from './shutdown-state.js';

@Global()
@Module({ controllers: [HealthController], providers: [ShutdownState], exports: [ShutdownState] })
export class HealthModule {}
