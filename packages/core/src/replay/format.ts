import { RecordingError } from './error.js';
import { misfitField } from './format-checks.js';
import { hashNumbers } from './hash.js';
import type { RecordingParts } from './recording.js';

/**
 * The file format of a recording: little-endian, in this order.
 *
 *   magic "LOOPREC\n" · u32 version · u32 checksum of every byte after it · u32 total length
 *   f64 timestep · f64 firstTick · u32 ticks · string build · u32 keys, then each a string
 *   u32 start length, then its bytes · u32 offsets[ticks + 1] · f64 data[offsets[ticks]]
 *   f64 hashes[ticks]                                 (a string is u32 byte length + UTF-8)
 *
 * The checksum (the hash of the bytes) catches a file cut short or changed on the way; the
 * version lets a later format be refused clearly instead of misread.
 */

const MAGIC = 'LOOPREC\n';
/** The format this code writes and reads. */
export const FORMAT_VERSION = 1;
/** Bytes before the checksummed part: magic, version, checksum. */
const SIGNED_FROM = 16;

/** Bytes of a string in the format. */
function stringBytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Writes `parts` in the format above. */
export function encodeRecording(parts: RecordingParts): Uint8Array {
  const ticks = parts.hashes.length;
  const build = stringBytes(parts.build);
  const keys = parts.keys.map(stringBytes);
  const rows = parts.offsets[ticks]!;
  // header 44 bytes (through the build's length), key count and start length 4 each
  let size = 44 + build.length + 8 + parts.start.length + 4 * (ticks + 1) + 8 * (rows + ticks);
  for (const key of keys) size += 4 + key.length;
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const u32 = (value: number) => {
    view.setUint32(at, value, true);
    at += 4;
  };
  const f64 = (value: number) => {
    view.setFloat64(at, value, true);
    at += 8;
  };
  const raw = (data: Uint8Array) => {
    bytes.set(data, at);
    at += data.length;
  };
  raw(stringBytes(MAGIC));
  u32(FORMAT_VERSION);
  u32(0); // the checksum, written last
  u32(size);
  f64(parts.timestep);
  f64(parts.firstTick);
  u32(ticks);
  u32(build.length);
  raw(build);
  u32(keys.length);
  for (const key of keys) {
    u32(key.length);
    raw(key);
  }
  u32(parts.start.length);
  raw(parts.start);
  for (let i = 0; i <= ticks; i++) u32(parts.offsets[i]!);
  for (let i = 0; i < rows; i++) f64(parts.data[i]!);
  for (let i = 0; i < ticks; i++) f64(parts.hashes[i]!);
  view.setUint32(12, checksum(bytes), true);
  return bytes;
}

/** The hash of every byte after the checksum field. */
function checksum(bytes: Uint8Array): number {
  return hashNumbers(bytes.subarray(SIGNED_FROM));
}

/** Why a file with a right checksum is still refused. */
const MISFIT = 'its parts do not fit together (a file written by something else?)';

/** Reads bytes written by {@link encodeRecording}; throws a RecordingError saying what is wrong. */
export function decodeRecording(bytes: Uint8Array): RecordingParts {
  const fail = (why: string): never => {
    throw new RecordingError(`not a recording this build can replay: ${why}`);
  };
  if (!(bytes instanceof Uint8Array)) fail('expected the bytes of a file (a Uint8Array)');
  const magic = stringBytes(MAGIC);
  if (bytes.length < 20 || magic.some((byte, i) => bytes[i] !== byte)) {
    fail('it does not start as a loop recording does (a file of something else?)');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== FORMAT_VERSION) {
    fail(`it is in format version ${version}, and this build reads version ${FORMAT_VERSION}`);
  }
  const size = view.getUint32(16, true);
  if (size !== bytes.length) {
    fail(`it is ${bytes.length} bytes long where it says ${size}: cut short or padded`);
  }
  if (view.getUint32(12, true) !== checksum(bytes)) {
    fail('its checksum does not match its contents: the file was changed or damaged');
  }
  let at = 20;
  let parts: RecordingParts | undefined;
  try {
    const u32 = () => {
      at += 4;
      return view.getUint32(at - 4, true);
    };
    const f64 = () => {
      at += 8;
      return view.getFloat64(at - 8, true);
    };
    const raw = (length: number) => {
      at += length;
      return bytes.slice(at - length, at);
    };
    const text = () => new TextDecoder().decode(raw(u32()));
    const timestep = f64();
    const firstTick = f64();
    // A count beyond the file's length fails to read either way; the bound keeps a crafted
    // count from allocating gigabytes first.
    const ticks = Math.min(u32(), bytes.length);
    const build = text();
    const keys: string[] = [];
    for (let n = u32(); n > 0; n--) keys.push(text());
    const start = raw(u32());
    const offsets = new Uint32Array(ticks + 1);
    for (let i = 0; i <= ticks; i++) offsets[i] = u32();
    const data = new Float64Array(Math.min(offsets[ticks]!, bytes.length));
    for (let i = 0; i < data.length; i++) data[i] = f64();
    const hashes = new Float64Array(ticks);
    for (let i = 0; i < ticks; i++) hashes[i] = f64();
    parts = { build, timestep, firstTick, start, keys, offsets, data, hashes };
  } catch {
    // A length that points past the end: DataView refused to read there, and `at` is past it.
  }
  // Also a length that points short of the end, or past it only for a slice, which reads less.
  if (at !== bytes.length) fail(MISFIT);
  const misfit = misfitField(parts!);
  if (misfit !== undefined) fail(misfit);
  return parts!;
}
