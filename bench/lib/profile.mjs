// Reads a V8 CPU profile (.cpuprofile, from `node --cpu-prof` or the inspector) and lists the top frames by self
// time, and the packages where the time goes. `node bench/lib/profile.mjs file.cpuprofile [n]` prints them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function selfTimes(profile) {
  const samples = profile.samples ?? [];
  const counts = new Map();
  for (const id of samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const total = samples.length || 1;
  return { counts, total };
}

const shortUrl = (url) => {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 'node_modules/'.length);
  const i = url.indexOf('/dist/');
  if (i >= 0) return url.slice(i + 1);
  return url.replace(/^file:\/\//, '');
};

/** The `n` functions with the most self time, as { selfPercent, name, url }. */
export function topFrames(profile, n = 20) {
  const { counts, total } = selfTimes(profile);
  const byFrame = new Map();
  for (const node of profile.nodes) {
    const hits = counts.get(node.id) ?? 0;
    if (!hits) continue;
    const cf = node.callFrame;
    const key = `${cf.functionName || '(anonymous)'} ${cf.url}:${cf.lineNumber + 1}`;
    const cur = byFrame.get(key) ?? { name: cf.functionName || '(anonymous)', url: `${shortUrl(cf.url)}:${cf.lineNumber + 1}`, hits: 0 };
    cur.hits += hits;
    byFrame.set(key, cur);
  }
  return [...byFrame.values()]
    .sort((a, b) => b.hits - a.hits)
    .slice(0, n)
    .map((f) => ({ selfPercent: Math.round((f.hits / total) * 1000) / 10, name: f.name, url: f.url }));
}

/** Self time grouped by package (node_modules/<pkg>), app code, node internals, GC and idle. */
export function byPackage(profile, n = 15) {
  const { counts, total } = selfTimes(profile);
  const groups = new Map();
  for (const node of profile.nodes) {
    const hits = counts.get(node.id) ?? 0;
    if (!hits) continue;
    const { url, functionName } = node.callFrame;
    let group;
    if (!url) group = `(${functionName || 'native'})`;
    else if (url.startsWith('node:')) group = 'node internals';
    else if (url.includes('node_modules/')) {
      const rest = url.slice(url.lastIndexOf('node_modules/') + 'node_modules/'.length).split('/');
      group = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    } else if (url.includes('/dist/ssr/')) group = 'dist/ssr (server render bundle)';
    else if (url.includes('/dist/')) group = 'dist/src (app)';
    else group = shortUrl(url);
    groups.set(group, (groups.get(group) ?? 0) + hits);
  }
  return [...groups.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([group, hits]) => ({ selfPercent: Math.round((hits / total) * 1000) / 10, group }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  const n = Number(process.argv[3] ?? 25);
  console.log('By package:');
  for (const g of byPackage(profile)) console.log(`  ${String(g.selfPercent).padStart(5)}%  ${g.group}`);
  console.log('Top frames (self time):');
  for (const f of topFrames(profile, n)) console.log(`  ${String(f.selfPercent).padStart(5)}%  ${f.name}  ${f.url}`);
}
