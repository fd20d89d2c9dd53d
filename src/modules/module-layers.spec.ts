import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../common/project-root.js';

/**
 * The modules under src/modules form layers (README, "Module layers"): a module imports only modules of lower
 * layers, so no module reaches one above it, directly or through another, and no two modules import each other.
 * The graph is read from the source (every import between src/modules/* folders); the layers from the README.
 */
const root = projectRoot();
const modulesDir = join(root, 'src', 'modules');

function layersFromReadme(): Map<string, number> {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Module layers'));
  const layers = new Map<string, number>();
  for (const m of section.matchAll(/^\| (\d+) \| ([a-z, -]+) \|/gm)) {
    for (const name of m[2].split(',').map((s) => s.trim())) layers.set(name, Number(m[1]));
  }
  return layers;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** module -> the modules it imports, with the file that does it. */
export function moduleImports(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const mod of readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)) {
    const edges = new Map<string, string>();
    for (const file of sourceFiles(join(modulesDir, mod))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]((?:\.\.?\/)+[^'"]+)['"]/g)) {
        const target = join(file, '..', m[1]);
        const rel = target.startsWith(modulesDir + '/') ? target.slice(modulesDir.length + 1).split('/')[0] : null;
        if (rel && rel !== mod && !rel.includes('.')) edges.set(rel, edges.get(rel) ?? file.slice(root.length + 1));
      }
    }
    graph.set(mod, edges);
  }
  return graph;
}

describe('module layers', () => {
  const layers = layersFromReadme();
  const graph = moduleImports();

  it('every module under src/modules has a layer in the README', () => {
    expect([...graph.keys()].filter((m) => !layers.has(m))).toEqual([]);
    expect([...layers.keys()].filter((m) => !graph.has(m))).toEqual([]);
  });

  it('no module imports one in its own or a higher layer', () => {
    const violations: string[] = [];
    for (const [mod, edges] of graph) {
      for (const [target, file] of edges) {
        if ((layers.get(target) ?? Infinity) >= (layers.get(mod) ?? -Infinity)) {
          violations.push(`${mod} (layer ${layers.get(mod)}) imports ${target} (layer ${layers.get(target)}) in ${file}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('reads the imports from the source (rentals uses bikes, payments and the event port)', () => {
    expect([...(graph.get('rentals') ?? new Map()).keys()]).toEqual(expect.arrayContaining(['bikes', 'events', 'payments']));
  });

  it('the event port imports no other module', () => {
    expect([...(graph.get('events') ?? new Map()).keys()]).toEqual([]);
  });
});
