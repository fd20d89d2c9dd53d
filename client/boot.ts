/**
 * Starts the page's scripts after the first paint (built by Vite as its own entry; the server inlines the built code
 * in the page with the CSP nonce: src/ssr/html-template.ts `bootScript`, which also writes the data it reads).
 *
 * The page is complete in the server HTML, so its first paint needs the stylesheets and nothing else. Chunks
 * preloaded from the head would share the connection with them (on a phone on 4G about 240 KB of script against
 * 10 KB of CSS) and hold the first paint back. So this waits for the first frame, then preloads every chunk the page
 * runs (the entry's and its routes', all at once: no import waterfall), evaluates the shared chunks one task each
 * (`order`: React, then antd, then the app's shell; each would otherwise be part of one long task), and imports the
 * entry, which hydrates. A hidden tab paints no frames: the timer starts it anyway.
 */

/** What the server writes into `<script type="application/json" id="okb-boot">`. */
interface BootData {
  /** The browser entry (hydrates the page). */
  entry: string;
  /** Every chunk the page runs. */
  preloads: string[];
  /** Shared chunks to evaluate one task each, dependencies first, before the entry. */
  order: string[];
}

function readBootData(): BootData | null {
  const text = document.getElementById('okb-boot')?.textContent;
  return text ? (JSON.parse(text) as BootData) : null;
}

/** A new task, so each chunk's evaluation is one of its own. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

function preload(hrefs: string[]): void {
  const links = document.createDocumentFragment();
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
}

let started = false;

async function start(data: BootData): Promise<void> {
  if (started) return;
  started = true;
  preload(data.preloads);
  await nextTask();
  for (const chunk of data.order) {
    // A chunk that fails here is imported again by the entry, which reports it.
    await import(/* @vite-ignore */ chunk).catch(() => undefined);
    await nextTask();
  }
  await import(/* @vite-ignore */ data.entry);
}

const data = readBootData();
if (data) {
  requestAnimationFrame(() => setTimeout(() => void start(data), 0));
  setTimeout(() => void start(data), 1500);
}
