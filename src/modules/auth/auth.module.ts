import { Module } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AppConfig } from '../../config/app-config.js';
import { EventsModule } from '../events/events.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccessGuard } from './access.guard.js';
import { JWT_ALGORITHM } from './auth.constants.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { resolveJwtSecret } from './jwt-secret.js';
import { JwtStrategy } from './jwt.strategy.js';
import { LoginBackoff } from './login-backoff.js';
import { PasswordController } from './password.controller.js';
import { PasswordService } from './password.service.js';

@Module({
  imports: [
    EventsModule,
    UsersModule,
    PassportModule.register({ session: false }),
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        // A KeyObject, not a string: with a string secret jsonwebtoken tries createPublicKey() on every verify
        // (and fails), about 0.65 ms per request (bench/README.md, API).
        secret: createSecretKey(Buffer.from(resolveJwtSecret(config.env))) as unknown as string,
        signOptions: {
          algorithm: JWT_ALGORITHM,
          expiresIn: config.env.JWT_EXPIRES_IN,
          issuer: config.env.JWT_ISSUER,
          audience: config.env.JWT_AUDIENCE,
        },
        verifyOptions: {
          algorithms: [JWT_ALGORITHM],
          issuer: config.env.JWT_ISSUER,
          audience: config.env.JWT_AUDIENCE,
        },
      }),
    }),
  ],
  controllers: [AuthController, PasswordController],
  providers: [AuthService, PasswordService, LoginBackoff, JwtStrategy, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [AuthService, PasswordService],
})
export class AuthModule {}
