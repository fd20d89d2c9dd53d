/**
 * Jest's setupFilesAfterEnv (jest.config.js): every explicit time limit a test file gives (`it(name, fn, 300_000)`,
 * `beforeAll(fn, 180_000)`, `it.each(table)(name, fn, ms)`) is read as its value on an idle machine and scaled
 * like the default testTimeout (test/support/machine.mjs), so no suite depends on the machine's speed.
 */
import { scaled } from './machine.mjs';

type Fn = (...args: unknown[]) => unknown;
const g = globalThis as unknown as Record<string, Fn & Record<string, Fn>>;
const scale = (t: unknown) => (typeof t === 'number' ? scaled(t) : t);

function wrapTest(name: 'it' | 'test'): void {
  const orig = g[name];
  const wrapped = Object.assign((title: unknown, fn: unknown, timeout?: unknown) => orig(title, fn, scale(timeout)), orig);
  for (const key of ['only', 'skip', 'failing'] as const) {
    const variant = orig[key];
    if (typeof variant === 'function') wrapped[key] = Object.assign((title: unknown, fn: unknown, timeout?: unknown) => variant(title, fn, scale(timeout)), variant);
  }
  const each = orig.each;
  wrapped.each = (...table: unknown[]) => {
    const bound = each(...table) as Fn;
    return (title: unknown, fn: unknown, timeout?: unknown) => bound(title, fn, scale(timeout));
  };
  g[name] = wrapped as Fn & Record<string, Fn>;
}

function wrapHook(name: 'beforeAll' | 'afterAll' | 'beforeEach' | 'afterEach'): void {
  const orig = g[name];
  g[name] = ((fn: unknown, timeout?: unknown) => orig(fn, scale(timeout))) as Fn & Record<string, Fn>;
}

wrapTest('it');
wrapTest('test');
for (const hook of ['beforeAll', 'afterAll', 'beforeEach', 'afterEach'] as const) wrapHook(hook);
