import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { conformanceMarkdown, CRITERIA } from './conformance-report.js';

/** Every WCAG 2.2 level A and AA success criterion (4.1.1 kept: obsolete, still in the VPAT's table). */
const WCAG22_A = ['1.1.1', '1.2.1', '1.2.2', '1.2.3', '1.3.1', '1.3.2', '1.3.3', '1.4.1', '1.4.2', '2.1.1', '2.1.2', '2.1.4', '2.2.1', '2.2.2', '2.3.1', '2.4.1', '2.4.2', '2.4.3', '2.4.4', '2.5.1', '2.5.2', '2.5.3', '2.5.4', '3.1.1', '3.2.1', '3.2.2', '3.2.6', '3.3.1', '3.3.2', '3.3.7', '4.1.1', '4.1.2'];
const WCAG22_AA = ['1.2.4', '1.2.5', '1.3.4', '1.3.5', '1.4.3', '1.4.4', '1.4.5', '1.4.10', '1.4.11', '1.4.12', '1.4.13', '2.4.5', '2.4.6', '2.4.7', '2.4.11', '2.5.7', '2.5.8', '3.1.2', '3.2.3', '3.2.4', '3.3.3', '3.3.4', '3.3.8', '4.1.3'];

const root = fileURLToPath(new URL('../..', import.meta.url));
const REPORT_FILE = join(root, 'docs', 'accessibility-conformance-report.md');

describe('the accessibility conformance report (issue 26)', () => {
  it('lists every WCAG 2.2 A and AA criterion once, at its level', () => {
    expect(CRITERIA.filter((c) => c.level === 'A').map((c) => c.id).sort()).toEqual([...WCAG22_A].sort());
    expect(CRITERIA.filter((c) => c.level === 'AA').map((c) => c.id).sort()).toEqual([...WCAG22_AA].sort());
    expect(new Set(CRITERIA.map((c) => c.id)).size).toBe(CRITERIA.length);
  });

  it('names a test for every "Supports", and each named test exists with that title', () => {
    for (const c of CRITERIA) {
      if (c.conformance === 'Supports' && !c.obsolete) expect({ id: c.id, tests: c.tests.length > 0 }).toEqual({ id: c.id, tests: true });
      for (const t of c.tests) {
        const file = join(root, t.file);
        expect({ id: c.id, file: t.file, exists: existsSync(file) }).toEqual({ id: c.id, file: t.file, exists: true });
        expect({ id: c.id, title: t.title, found: readFileSync(file, 'utf8').includes(t.title) }).toEqual({ id: c.id, title: t.title, found: true });
      }
      expect(c.remarks.length).toBeGreaterThan(10);
    }
  });

  it('docs/accessibility-conformance-report.md is the source written out (UPDATE_REPORT=1 rewrites it)', () => {
    const markdown = conformanceMarkdown();
    if (process.env.UPDATE_REPORT === '1') {
      mkdirSync(dirname(REPORT_FILE), { recursive: true });
      writeFileSync(REPORT_FILE, markdown);
    }
    expect(readFileSync(REPORT_FILE, 'utf8')).toBe(markdown);
  });
});
