import react from '@vitejs/plugin-react';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

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
  plugins: [slimFormContext(), react(), precompress()],
  // src/ssr serves public/ itself (also in production), so the client build does not copy it.
  publicDir: 'public',
  appType: 'custom',
  build: {
    copyPublicDir: false,
    emptyOutDir: true,
    // Browser maps are written for error tracking but not linked from the bundles.
    sourcemap: isSsrBuild ? true : 'hidden',
    target: 'es2022',
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
