import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openZip, ZipFormatError } from './unzip';
import { zipArchive } from './zip';

describe('openZip', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'openseat-unzip-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('reads any entry, in any order, through the central directory', async () => {
    const file = path.join(dir, 'a.zip');
    const big = 'row,'.repeat(50_000);
    await fs.writeFile(
      file,
      zipArchive([
        { name: 'first.txt', data: 'one' },
        { name: 'dir/big.csv', data: big },
        { name: 'empty', data: '' },
        { name: 'último.txt', data: 'ñ' },
      ]),
    );
    const zip = await openZip(file);
    expect([...zip.entries.keys()]).toEqual(['first.txt', 'dir/big.csv', 'empty', 'último.txt']);
    expect(await text(zip.stream(zip.entries.get('último.txt')!))).toBe('ñ');
    expect(await text(zip.stream(zip.entries.get('dir/big.csv')!))).toBe(big);
    expect(await text(zip.stream(zip.entries.get('first.txt')!))).toBe('one');
    expect(await text(zip.stream(zip.entries.get('empty')!))).toBe('');
  });

  it('stops a read half-way when its stream is destroyed', async () => {
    const file = path.join(dir, 'b.zip');
    await fs.writeFile(file, zipArchive([{ name: 'big', data: Buffer.alloc(4_000_000, 'x') }]));
    const zip = await openZip(file);
    const stream = zip.stream(zip.entries.get('big')!);
    for await (const chunk of stream) {
      expect((chunk as Buffer).length).toBeGreaterThan(0);
      break;
    }
    expect(stream.destroyed).toBe(true);
  });

  it('refuses a file that is not a ZIP archive, and one cut short', async () => {
    const notZip = path.join(dir, 'c.zip');
    await fs.writeFile(notZip, 'name,grade\nAna,K\n');
    await expect(openZip(notZip)).rejects.toBeInstanceOf(ZipFormatError);
    const cut = path.join(dir, 'd.zip');
    const whole = zipArchive([{ name: 'a', data: 'abc' }]);
    await fs.writeFile(cut, whole.subarray(10));
    await expect(openZip(cut)).rejects.toBeInstanceOf(ZipFormatError);
  });
});
