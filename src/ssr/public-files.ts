import express, { type RequestHandler } from 'express';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';

/** Hashed asset: a year, never revalidated. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Every file under `dir` by URL path with the hash of its content: the same as the client build's
 * `virtual:okb-public-assets` (vite.config.ts), which pages use to link `/images/x.svg?v=<hash>`.
 */
export function publicFileVersions(dir: string): Map<string, string> {
  const versions = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) {
        versions.set(`/${relative(dir, file).split(sep).join('/')}`, createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12));
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return versions;
}

/**
 * public/ (images, favicon): a request naming the file's current content (`?v=<hash>`, see client/lib/public-asset.ts)
 * is immutable for a year; any other (no version, or an old one after the file changed) is cached for a day and
 * then revalidated: an unhashed URL is never immutable. Development: never cached (files are edited in place).
 */
export function publicFiles(dir: string, dev: boolean): RequestHandler {
  const versions = dev ? new Map<string, string>() : publicFileVersions(dir);
  return express.static(dir, {
    index: false,
    redirect: false,
    maxAge: dev ? 0 : '1d',
    setHeaders(res: ServerResponse, file: string) {
      const url = (res as ServerResponse & { req?: { url?: string } }).req?.url ?? '';
      const query = url.indexOf('?');
      if (query < 0) return;
      const version = new URLSearchParams(url.slice(query + 1)).get('v');
      if (version && versions.get(`/${relative(dir, file).split(sep).join('/')}`) === version) {
        res.setHeader('Cache-Control', IMMUTABLE_CACHE_CONTROL);
      }
    },
  });
}
