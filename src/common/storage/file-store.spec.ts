import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkStoreKey, LocalFileStore } from './file-store.js';

describe(LocalFileStore.name, () => {
  const root = mkdtempSync(join(tmpdir(), 'okb-files-'));
  const store = new LocalFileStore(root);

  it('puts, gets, replaces and deletes bytes by relative key', async () => {
    await store.put('agreements/r1/s1.pdf', Buffer.from('one'));
    expect((await store.get('agreements/r1/s1.pdf'))?.toString()).toBe('one');
    await store.put('agreements/r1/s1.pdf', Buffer.from('two'));
    expect((await store.get('agreements/r1/s1.pdf'))?.toString()).toBe('two');
    expect(readdirSync(join(root, 'agreements', 'r1'))).toEqual(['s1.pdf']);
    await store.delete('agreements/r1/s1.pdf');
    expect(await store.get('agreements/r1/s1.pdf')).toBeUndefined();
    await store.delete('agreements/r1/s1.pdf');
  });

  it.each(['', '/etc/passwd', '../x', 'a/../../x', 'a//b', 'a/./b', '.hidden', 'a\\b'])('refuses the key %j', async (key) => {
    expect(() => checkStoreKey(key)).toThrow('Invalid file store key');
    await expect(store.get(key)).rejects.toThrow('Invalid file store key');
  });
});
