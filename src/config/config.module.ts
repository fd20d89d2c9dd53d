import { DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig } from './app-config.js';
import { Env, parseEnv } from './env.schema.js';

@Global()
@Module({})
export class ConfigModule {
  /** `overrides` lets tests and tools start the app with a given environment. */
  static forRoot(overrides?: Partial<Record<keyof Env, string>>): DynamicModule {
    const config = new AppConfig(parseEnv({ ...process.env, ...overrides }));
    return { module: ConfigModule, providers: [{ provide: AppConfig, useValue: config }], exports: [AppConfig] };
  }
}
