/// <reference types="vite/client" />

/** URL path of every file under public/ -> a hash of its content (vite.config.ts `publicAssetVersions`). */
declare module 'virtual:okb-public-assets' {
  const versions: Record<string, string>;
  export default versions;
}
