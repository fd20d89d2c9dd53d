import { ConsoleLogger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import { AppModule, AppModuleOptions } from './app.module.js';
import { absoluteImageUrls, crossOriginPublicAssets } from './common/public-urls.js';
import { jsonLimitsVerify } from './common/input-limits.js';
import type { RawBodyRequest } from './common/raw-body.js';
import { accessLog, bodyParserErrors, cspNonce, sameOriginWrites } from './common/security.middleware.js';
import { metricsEndpoint, requestMetrics } from './common/observability/metrics.js';
import { requestId } from './common/observability/request-id.js';
import { AppConfig } from './config/app-config.js';
import { Env } from './config/env.schema.js';
import { affectsPublicPages, CatalogChanges } from './database/catalog-changes.service.js';
import { allowedReturnOrigins } from './modules/payments/return-url.js';
import { DEMO_ACCOUNTS } from './database/seed/demo-accounts.js';
import { tokenFromRequest } from './modules/auth/access.guard.js';
import { AuthService } from './modules/auth/auth.service.js';
import { buildOpenApiDocument } from './openapi.document.js';
import { createLocalApiFactory } from './ssr/local-api.js';
import { setupSsr } from './ssr/ssr.setup.js';
import { seoFiles } from './modules/seo/seo-files.js';
import { frameAncestors, widgetFiles } from './modules/widget/widget-files.js';
import { SeoService } from './modules/seo/seo.service.js';

export interface CreateAppOptions extends AppModuleOptions {
  /** Render pages (default true). API tests turn it off. */
  ssr?: boolean;
  /** Build the module graph without connecting anything (OpenAPI generation). */
  preview?: boolean;
}

const LEVELS: Record<Env['LOG_LEVEL'], LogLevel[]> = {
  silent: [],
  fatal: ['fatal'],
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

export async function createApp(options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const level = (options.env?.LOG_LEVEL ?? process.env.LOG_LEVEL ?? 'info') as Env['LOG_LEVEL'];
  const logger = new ConsoleLogger({ json: true, logLevels: LEVELS[level] ?? LEVELS.info });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(options), {
    bodyParser: false,
    logger,
    preview: options.preview,
    abortOnError: false,
  });
  const config = app.get(AppConfig);
  const env = config.env;

  // Which hops' X-Forwarded-* to believe (client address for the rate limits, https for the cookie's Secure flag).
  app.set('trust proxy', env.TRUST_PROXY);
  app.disable('x-powered-by');
  app.setGlobalPrefix('api');

  app.use(requestId);
  app.use(requestMetrics());
  if (level === 'info' || level === 'debug') {
    app.use(accessLog((entry) => logger.log(entry, 'HTTP')));
  }
  // Prometheus metrics for Bearer METRICS_TOKEN; without the setting there is no /metrics (issue 28).
  app.use(metricsEndpoint(env.METRICS_TOKEN));
  app.use(cspNonce);
  app.use(
    helmet({
      contentSecurityPolicy:
        env.NODE_ENV === 'development'
          ? false
          : {
              directives: {
                defaultSrc: ["'self'"],
                scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
                styleSrc: ["'self'", "'unsafe-inline'"],
                // Admins may point a bike at an image on another https host.
                imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
                connectSrc: ["'self'"],
                fontSrc: ["'self'", 'data:'],
                // The sandbox page's form redirects the payer to a checkout's return URL (issue 12).
                formAction: ["'self'", 'https://checkout.stripe.com', ...allowedReturnOrigins(env)],
                // Only the booking widget's pages may be framed, by the sites in WIDGET_ORIGINS (issue 26).
                frameAncestors: [frameAncestors(env.WIDGET_ORIGINS)],
                objectSrc: ["'none'"],
                baseUri: ["'self'"],
                upgradeInsecureRequests: null,
              },
            },
      crossOriginEmbedderPolicy: false,
      // no-referrer would make Chrome send `Origin: null` on same-origin form posts, which the CSRF check refuses.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      hsts: config.isProduction,
    }),
  );
  app.use(crossOriginPublicAssets);
  app.use(widgetFiles());
  app.use(cookieParser());
  if (env.CORS_ORIGINS.length) {
    app.enableCors({ origin: env.CORS_ORIGINS, credentials: true });
  }
  const keepRaw = (req: RawBodyRequest, _res: unknown, buf: Buffer) => {
    req.rawBody = buf;
  };
  app.use(
    '/api',
    // Nesting depth and key count are checked on the raw text before JSON.parse (src/common/input-limits.ts).
    express.json({ limit: env.BODY_LIMIT, verify: jsonLimitsVerify(keepRaw) }),
    express.urlencoded({ extended: false, limit: env.BODY_LIMIT, verify: keepRaw }),
    bodyParserErrors,
    sameOriginWrites(env.CORS_ORIGINS),
    absoluteImageUrls(env.PUBLIC_URL),
  );

  if (!options.preview) {
    const document = buildOpenApiDocument(app);
    SwaggerModule.setup('api/docs', app, document, {
      jsonDocumentUrl: 'api/docs-json',
      customSiteTitle: 'Okay Bike API',
      swaggerOptions: { persistAuthorization: true },
    });
  }

  if (!options.preview) app.use(seoFiles(app.get(SeoService), config));

  if (options.ssr !== false && !options.preview) {
    const auth = app.get(AuthService);
    const ssr = await setupSsr(app, {
      config,
      resolveUser: (req) => auth.verifyToken(tokenFromRequest(req).token),
      demoAccounts: env.DEMO_MODE ? DEMO_ACCOUNTS : null,
      sandboxPayments: config.sandboxPayments,
      httpServer: app.getHttpServer(),
      hasSession: (req) => Boolean(tokenFromRequest(req).token),
      localApi: createLocalApiFactory(app),
      onCatalogChange: (listener) => app.get(CatalogChanges).subscribe((source) => affectsPublicPages(source) && listener()),
    });
    // Nest closes its own modules; the renderer (Vite's watcher in development) is closed with them.
    const closeApp = app.close.bind(app);
    app.close = async () => {
      await ssr.close();
      await closeApp();
    };
  }
  await app.init();
  return app;
}
