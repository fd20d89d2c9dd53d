import { createContext, useContext, useEffect } from 'react';

export const SITE_NAME = 'Okay Bike';

export interface PageMeta {
  /** Page name; the document title becomes "<title> | Okay Bike". */
  title: string;
  description: string;
}

export const DEFAULT_META: PageMeta = {
  title: SITE_NAME,
  description: 'Rent a bike by the hour with Okay Bike: 100+ bikes, flexible rentals, secure payment.',
};

export const documentTitle = (title: string): string => (title === SITE_NAME ? title : `${title} | ${SITE_NAME}`);

const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Server side: the page rendered last (deepest route) decides the head. */
export class HeadCollector {
  meta: PageMeta = DEFAULT_META;

  toHtml(): string {
    return [
      `<title>${escapeHtml(documentTitle(this.meta.title))}</title>`,
      `<meta name="description" content="${escapeHtml(this.meta.description)}">`,
    ].join('');
  }
}

const HeadContext = createContext<HeadCollector | null>(null);
export const HeadProvider = HeadContext.Provider;

function setMetaTag(name: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/** Every page calls this once: title and meta description, in the server's HTML and after client navigation. */
export function usePageMeta(meta: PageMeta): void {
  const collector = useContext(HeadContext);
  if (collector) collector.meta = meta;
  useEffect(() => {
    document.title = documentTitle(meta.title);
    setMetaTag('description', meta.description);
  }, [meta.title, meta.description]);
}
