import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { createApp } from './app.factory.js';
import { projectRoot } from './common/project-root.js';
import { buildOpenApiDocument } from './openapi.document.js';

/** Writes openapi.yaml from the code (`npm run openapi`); `--check` fails when the committed file differs. */
async function main(): Promise<void> {
  const app = await createApp({ preview: true, ssr: false, env: { LOG_LEVEL: 'error' } });
  const yaml = stringify(buildOpenApiDocument(app), { aliasDuplicateObjects: false, lineWidth: 0 });
  await app.close();
  const file = join(projectRoot(), 'openapi.yaml');
  if (process.argv.includes('--check')) {
    const { readFileSync, existsSync } = await import('node:fs');
    const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (current !== yaml) {
      console.error('openapi.yaml is out of date: run `npm run build:server && npm run openapi` and commit it.');
      process.exit(1);
    }
    console.log('openapi.yaml is up to date');
    return;
  }
  writeFileSync(file, yaml);
  console.log(`wrote ${file}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
