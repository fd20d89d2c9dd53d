import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/** The browsers the shop's JavaScript is built for (see build.target). */
const MODERN_BROWSERS = ['es2023', 'chrome120', 'edge120', 'firefox121', 'safari17.2'];

const COMPRESSIBLE = /\.(js|mjs|css|svg|json)$/;

/**
 * The app's own modules under this project's client/ (Vite's root is the working directory), except the two entries.
 * Anchored at the project's path: a checkout that itself sits in a folder named `client` must not pull its
 * node_modules or boot.ts into the app's chunk.
 */
const APP_MODULE = new RegExp(`^${resolve('client').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\\\/](?!entry-client\\.tsx$|boot\\.ts$)`);

/**
 * Writes `<file>.br` and `<file>.gz` beside every built text asset, once at build time, so the server answers
 * compressed bytes without compressing per request (src/ssr picks the variant the browser accepts).
 */
function precompress(): Plugin {
  return {
    name: 'okb-precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist/client';
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const source = output.type === 'chunk' ? Buffer.from(output.code) : Buffer.from(output.source);
        if (source.length < 1024) continue;
        const file = join(dir, fileName);
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * `virtual:okb-public-assets`: every file under public/ by its URL path with a hash of its content, so pages link
 * `/images/x.svg?v=<hash>` (client/lib/public-asset.ts). The server hashes the same files the same way and serves a
 * request whose `v` is the file's current hash as immutable for a year; without it (or with an old one) the file is
 * revalidated after a day (src/ssr/public-files.ts).
 */
function publicAssetVersions(): Plugin {
  const virtualId = '\0okb:public-assets';
  const dir = resolve('public');
  const files = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(folder, entry.name)) : entry.isFile() ? [join(folder, entry.name)] : [],
    );
  return {
    name: 'okb-public-assets',
    resolveId: (source) => (source === 'virtual:okb-public-assets' ? virtualId : null),
    load(id) {
      if (id !== virtualId) return null;
      const versions = Object.fromEntries(
        files(dir).map((file) => [`/${relative(dir, file).split(sep).join('/')}`, createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12)]),
      );
      return `export default ${JSON.stringify(versions)};`;
    },
  };
}

/**
 * antd's dependencies are published compiled for old browsers with Babel's runtime helpers. Two of them stand in for
 * what every browser the build targets does natively (and Lighthouse reports them as legacy JavaScript): the check
 * that a compiled class is called with `new` (native classes need none; these compiled ones are only ever
 * constructed) and the array spread. Both resolve to native code here; the other helpers are left as published.
 */
function nativeBabelHelpers(): Plugin {
  const helpers: Record<string, string> = {
    classCallCheck: 'export default function _classCallCheck() {}',
    toConsumableArray: 'export default function _toConsumableArray(items) { return [...items]; }',
  };
  const pattern = /^@babel\/runtime\/helpers\/(?:esm\/)?(classCallCheck|toConsumableArray)(?:\.js)?$/;
  return {
    name: 'okb-native-babel-helpers',
    enforce: 'pre',
    resolveId(source) {
      const match = pattern.exec(source);
      return match ? `\0okb:babel-helper:${match[1]}` : null;
    },
    load(id) {
      const name = id.startsWith('\0okb:babel-helper:') ? id.slice('\0okb:babel-helper:'.length) : null;
      return name ? helpers[name] ?? null : null;
    },
  };
}

/**
 * antd's form context (imported by Drawer, Modal, Tooltip and Input, so by every page) takes only `FormProvider`
 * from @rc-component/form, but that package's index attaches all its parts to the Form component, which drags the
 * whole form engine and its validator (about 13 KB gzip) onto pages without a form. For that one importer the
 * import resolves to the provider's own module; every other importer (antd's Form) gets the package as published.
 */
function slimFormContext(): Plugin {
  const virtualId = '\0okb:rc-form-provider';
  return {
    name: 'okb-slim-form-context',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@rc-component/form' && importer && /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return virtualId;
      return null;
    },
    load(id) {
      return id === virtualId ? "export { FormProvider } from '@rc-component/form/es/FormContext.js';" : null;
    },
  };
}

/**
 * One config for the three ways Vite runs here:
 * - `vite build --outDir dist/client`: the browser bundle, with a manifest the server reads to link hashed assets;
 * - `vite build --ssr client/entry-server.tsx --outDir dist/ssr`: the render function the Nest process imports;
 * - middleware mode inside the Nest process for `npm run dev` (created by src/ssr/ssr.setup.ts).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [slimFormContext(), nativeBabelHelpers(), publicAssetVersions(), react(), precompress()],
  // src/ssr serves public/ itself (also in production), so the client build does not copy it.
  publicDir: 'public',
  appType: 'custom',
  build: {
    copyPublicDir: false,
    emptyOutDir: true,
    // Browser maps are written for error tracking but not linked from the bundles.
    sourcemap: isSsrBuild ? true : 'hidden',
    // Current browsers only (the last two years of Chrome, Edge, Firefox and Safari): modern syntax ships as written,
    // no down-levelled classes, spreads or async functions and no polyfills (Lighthouse "legacy JavaScript").
    target: isSsrBuild ? 'node20' : MODERN_BROWSERS,
    manifest: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // boot.ts: the small module the server inlines to start the entry after the first paint (src/ssr).
          input: ['client/entry-client.tsx', 'client/boot.ts'],
          output: {
            codeSplitting: {
              groups: [
                // React, the router and the query cache change less often than the app: their chunk stays cached
                // across app releases, and every page needs it.
                {
                  name: 'vendor-react',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/,
                  priority: 2,
                },
                // The libraries every page needs (the part of antd the layouts use): one cacheable chunk. Only
                // modules on the entry's static import chain qualify ($initial): what the lazily loaded screens add
                // (forms, tables, the charts) follows those screens into their own chunks, so public pages never
                // download it (bench/bundle-size.mjs checks it).
                { name: 'vendor-ui', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
                // The app's own modules every page runs (layouts, API client, loaders): one chunk, not a request each.
                { name: 'app-shell', test: APP_MODULE, tags: ['$initial'], priority: 0 },
              ],
            },
          },
        },
    chunkSizeWarningLimit: 1500,
  },
  // The SSR bundle carries antd and its dependencies (rc components, cssinjs, icons, their CommonJS helpers) with
  // process.env.NODE_ENV fixed to 'production', exactly like the browser bundle: antd's class names depend on it
  // (development builds prefix `css-dev-only-do-not-override-`), and the server must render the browser's class
  // names whatever NODE_ENV the server runs with (production or test). React stays external: one copy per process.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  ssr: isSsrBuild
    ? { target: 'node', noExternal: true, external: ['react', 'react-dom', 'react-router', 'react-router-dom', '@tanstack/react-query'] }
    : { target: 'node' },
}));
