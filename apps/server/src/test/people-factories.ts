import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, decodable 1x1 PNG whose pixel colour is `shade` (so two images differ). */
export function pngImage(shade = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const pixels = zlib.deflateSync(Buffer.from([0, shade & 255, 128, 64]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The files stored under `dataDir/files/<folder>` (relative paths, as the database keeps them). */
export function storedFiles(dataDir: string, folder: string): string[] {
  const dir = path.join(dataDir, 'files', folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(folder, f)) : [];
}

/** Puts an image on disk as if it had been uploaded, and returns its stored (relative) name. */
export function storeImage(dataDir: string, folder: string, name: string, image = pngImage()): string {
  const relative = path.join(folder, name);
  fs.mkdirSync(path.join(dataDir, 'files', folder), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'files', relative), image);
  return relative;
}
