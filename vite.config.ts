import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * One config for the three ways Vite runs here:
 * - `vite build --outDir dist/client`: the browser bundle, with a manifest the server reads to link hashed assets;
 * - `vite build --ssr client/entry-server.tsx --outDir dist/ssr`: the render function the Nest process imports;
 * - middleware mode inside the Nest process for `npm run dev` (created by src/ssr/ssr.setup.ts).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  // src/ssr serves public/ itself (also in production), so the client build does not copy it.
  publicDir: 'public',
  appType: 'custom',
  build: {
    copyPublicDir: false,
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    manifest: !isSsrBuild,
    rolldownOptions: isSsrBuild ? {} : { input: 'client/entry-client.tsx' },
    chunkSizeWarningLimit: 1500,
  },
  // The SSR bundle carries antd and its dependencies (rc components, cssinjs, icons, their CommonJS helpers) with
  // process.env.NODE_ENV fixed to 'production', exactly like the browser bundle: antd's class names depend on it
  // (development builds prefix `css-dev-only-do-not-override-`), and the server must render the browser's class
  // names whatever NODE_ENV the server runs with (production or test). React stays external: one copy per process.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  ssr: isSsrBuild
    ? { target: 'node', noExternal: true, external: ['react', 'react-dom', 'react-router', '@tanstack/react-query'] }
    : { target: 'node' },
}));
