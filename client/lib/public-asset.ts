import versions from 'virtual:okb-public-assets';

/**
 * The URL of a file under public/ named by its content (`/images/x.svg?v=<hash>`): the server sends it immutable
 * for a year, and a changed file gets a new URL. Other URLs (a file the build did not see) as given; an absolute URL
 * is versioned by its path (the API answers absolute URLs of the shop's own files).
 */
export function publicAsset(url: string): string {
  // The API names the shop's own files by absolute URL (its public origin): the path decides.
  const path = /^https?:\/\/[^/?#]+(\/[^?#]*)$/.exec(url)?.[1] ?? url;
  const version = versions[path];
  return version ? `${url}?v=${version}` : url;
}
