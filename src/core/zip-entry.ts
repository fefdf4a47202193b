/**
 * One named file out of a zip held in memory, and nothing else: the artifact of a fork's pull
 * request is untrusted, so it is never unpacked to disk (no entry names become paths, no other
 * file is inflated) and the one entry read is inflated under a byte bound, so a zip bomb costs
 * at most that bound.
 *
 * Reads the central directory (APPNOTE 4.3.12), the authoritative listing: streaming writers such
 * as @actions/artifact's put zero sizes in the local headers and the real ones in a data descriptor.
 * Zip64 and encryption are refused; a collected payload is never near 4 GiB.
 */
import { inflateRawSync } from 'node:zlib';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Why a zip could not be read; the message names what is wrong, never the bytes. */
export class ZipError extends Error {
  override readonly name = 'ZipError';
}

function endOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  const stop = Math.max(0, zip.length - 22 - 0xffff);
  for (let i = zip.length - 22; i >= stop; i--) if (zip.readUInt32LE(i) === EOCD) return i;
  throw new ZipError('not a zip archive (no end of central directory)');
}

/**
 * The bytes of entry `name`, or undefined when the archive has no such entry. Throws ZipError when
 * the archive is malformed or the entry inflates past `maxBytes`.
 */
export function readZipEntry(zip: Buffer, name: string, maxBytes: number): Buffer | undefined {
  if (zip.length < 22) throw new ZipError('not a zip archive (too short)');
  const end = endOfCentralDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw new ZipError('zip64 archives are not read');
  if (offset + size > end) throw new ZipError('the central directory lies outside the archive');
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) throw new ZipError(`central directory entry ${n} is damaged`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const uncompressed = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const entryName = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (entryName !== name) continue;
    if (flags & 0x1) throw new ZipError(`${name} is encrypted`);
    if (uncompressed > maxBytes) throw new ZipError(`${name} is ${uncompressed} bytes, over the limit of ${maxBytes}`);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) throw new ZipError(`the local header of ${name} is damaged`);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (data + compressed > zip.length) throw new ZipError(`${name} runs past the end of the archive`);
    const bytes = zip.subarray(data, data + compressed);
    if (method === 0) return Buffer.from(bytes);
    if (method !== 8) throw new ZipError(`${name} uses compression method ${method}; only stored and deflated entries are read`);
    try {
      // The bound holds even when the directory understates the size: inflation stops there.
      return inflateRawSync(bytes, { maxOutputLength: maxBytes });
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (code === 'ERR_BUFFER_TOO_LARGE') throw new ZipError(`${name} inflates past the limit of ${maxBytes} bytes`);
      throw new ZipError(`${name} does not inflate: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return undefined;
}
