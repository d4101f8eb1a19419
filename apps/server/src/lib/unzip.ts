import { open } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { pipeline, Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/*
 * Reads a ZIP archive on disk through its central directory (PKWARE APPNOTE 6.3, ZIP64 sizes and offsets included):
 * any entry can be read, in any order, as a stream, without reading the others. A single pass over the local headers
 * (what a streaming unzip does) cannot be trusted: exceljs's streaming reader on Node 18+ sometimes misses an entry
 * (exceljs issue 3064), and an XLSX's parts may come in any order.
 */

const END_SIGNATURE = 0x06054b50;
const END_SIZE = 22;
const MAX_COMMENT = 0xffff;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_END_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_SIZE = 30;
const ZIP64_EXTRA = 0x0001;
const STORED = 0;
const DEFLATE = 8;
const ENCRYPTED = 0x0001;

export type ZipEntry = { name: string; method: number; compressedSize: number; localHeaderOffset: number };
export type ZipDirectory = { entries: Map<string, ZipEntry>; stream: (entry: ZipEntry) => Readable };

export class ZipFormatError extends Error {}

async function readAt(handle: Awaited<ReturnType<typeof open>>, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Where the central directory starts and how many entries it has (the ZIP64 record when the classic one overflows). */
async function centralDirectory(handle: Awaited<ReturnType<typeof open>>, size: number) {
  const tailStart = Math.max(0, size - END_SIZE - MAX_COMMENT);
  const tail = await readAt(handle, tailStart, size - tailStart);
  let at = tail.length - END_SIZE;
  while (at >= 0 && tail.readUInt32LE(at) !== END_SIGNATURE) at--;
  if (at < 0) throw new ZipFormatError('no end of central directory');
  let count = tail.readUInt16LE(at + 10);
  let offset = tail.readUInt32LE(at + 16);
  const locatorAt = at - 20;
  if (locatorAt >= 0 && tail.readUInt32LE(locatorAt) === ZIP64_LOCATOR_SIGNATURE) {
    const end64 = await readAt(handle, Number(tail.readBigUInt64LE(locatorAt + 8)), 56);
    if (end64.length < 56 || end64.readUInt32LE(0) !== ZIP64_END_SIGNATURE) throw new ZipFormatError('bad ZIP64 end');
    count = Number(end64.readBigUInt64LE(32));
    offset = Number(end64.readBigUInt64LE(48));
  }
  return { count, offset, end: tailStart + at };
}

/** The ZIP64 extra field's values, in their order, for the fields the classic header left at 0xFFFFFFFF. */
function zip64Values(extra: Buffer, wanted: number): number[] {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      const values: number[] = [];
      for (let i = 0; i < wanted && 8 * (i + 1) <= length; i++)
        values.push(Number(extra.readBigUInt64LE(at + 4 + 8 * i)));
      return values;
    }
    at += 4 + length;
  }
  return [];
}

function parseEntries(directory: Buffer, count: number): Map<string, ZipEntry> {
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE)
      throw new ZipFormatError('bad central directory');
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    let compressedSize = directory.readUInt32LE(at + 20);
    const uncompressedSize = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    let localHeaderOffset = directory.readUInt32LE(at + 42);
    const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
    const extra = directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    // the ZIP64 field holds, in this order, only the values whose classic field overflowed
    const overflowed = [uncompressedSize, compressedSize, localHeaderOffset].filter((v) => v === 0xffffffff).length;
    if (overflowed) {
      const values = zip64Values(extra, overflowed);
      if (uncompressedSize === 0xffffffff) values.shift();
      if (compressedSize === 0xffffffff) compressedSize = values.shift() ?? compressedSize;
      if (localHeaderOffset === 0xffffffff) localHeaderOffset = values.shift() ?? localHeaderOffset;
    }
    if (!(flags & ENCRYPTED) && (method === STORED || method === DEFLATE))
      entries.set(name, { name, method, compressedSize, localHeaderOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Opens the archive at `file`: its entries by name (encrypted ones and other compressions left out), and `stream` to
 * read one entry's content. Destroying a stream closes its file descriptor. Throws `ZipFormatError` for a file that
 * is not a ZIP archive.
 */
export async function openZip(file: string): Promise<ZipDirectory> {
  const handle = await open(file, 'r');
  let entries: Map<string, ZipEntry>;
  const dataStarts = new Map<ZipEntry, number>();
  try {
    const { size } = await handle.stat();
    const { count, offset, end } = await centralDirectory(handle, size);
    if (offset > end) throw new ZipFormatError('central directory out of the file');
    entries = parseEntries(await readAt(handle, offset, end - offset), count);
    for (const entry of entries.values()) {
      const local = await readAt(handle, entry.localHeaderOffset, LOCAL_HEADER_SIZE);
      if (local.length < LOCAL_HEADER_SIZE || local.readUInt32LE(0) !== LOCAL_SIGNATURE)
        throw new ZipFormatError('bad local header');
      dataStarts.set(
        entry,
        entry.localHeaderOffset + LOCAL_HEADER_SIZE + local.readUInt16LE(26) + local.readUInt16LE(28),
      );
    }
  } finally {
    await handle.close();
  }
  const stream = (entry: ZipEntry): Readable => {
    if (entry.compressedSize === 0) return Readable.from([]);
    const start = dataStarts.get(entry)!;
    const raw = createReadStream(file, { start, end: start + entry.compressedSize - 1 });
    if (entry.method === STORED) return raw;
    // an error on either side ends both; it reaches the reader through the inflating stream
    return pipeline(raw, createInflateRaw(), () => {});
  };
  return { entries, stream };
}
