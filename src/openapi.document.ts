import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './common/project-root.js';

const DESCRIPTION = `REST API of Okay Bike, the bike rental shop.

Every success answers \`{ "success": true, "message": string, "data": ... }\`; every error answers
\`{ "success": false, "message": string, "code": string, "errors"?: [{ "path", "message" }] }\`.
Status codes: 400 bad input (every field error listed), 401 not signed in or bad token, 403 wrong role,
404 missing or not yours, 409 conflict with the current state, 413 body too large, 422 idempotency key reused
with another body, 429 rate limited, 503 database unavailable.

Authentication: \`Authorization: Bearer <token>\` from \`POST /api/auth/login\`. The web app uses the same token
in the httpOnly cookie \`okb_token\`; cookie-authenticated writes must carry a same-origin \`Origin\` header.
Money is shown in major units (\`pricePerHour: 12.5\`) and stored in minor units.`;

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const pkg = JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string };
  const config = new DocumentBuilder()
    .setTitle('Okay Bike API')
    .setDescription(DESCRIPTION)
    .setVersion(pkg.version)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .addCookieAuth('okb_token', { type: 'apiKey', in: 'cookie', name: 'okb_token' }, 'cookie')
    .build();
  return SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_controllerKey: string, methodKey: string) => methodKey,
  });
}
