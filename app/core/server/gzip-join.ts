import { promisify } from "node:util";
import zlib from "node:zlib";

// gzip joined from parts (RFC 1951 and 1952): a page kept as compressed parts, with values of each
// response's own between them, becomes one gzip stream without compressing anything per response.

const deflateRaw = promisify(zlib.deflateRaw);

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** Never in UTF-8 text: stands for the per-response values in what a part may refer back to. */
const UNMATCHABLE = 0xff;
const DEFLATE_WINDOW = 32 * 1024;
/** The most a stored block holds; one value goes in one block. */
const MAX_VALUE_BYTES = 0xffff;

/** An uncompressed deflate block (not the last); starts and ends on a byte boundary. */
function storedBlock(data: Buffer): Buffer {
  if (data.length > MAX_VALUE_BYTES) throw new RangeError("a per-response value is too long for one stored block");
  const block = Buffer.allocUnsafe(5 + data.length);
  block[0] = 0; // not last, type 0 (stored), then padding to the byte boundary
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/**
 * Each part as a raw deflate stream: every part but the last ends with a sync flush (byte-aligned,
 * not final), the last is final. `valueLengths[i]` is the length the value after part i will have
 * in every response. A part may refer back to the text before it (given as the compressor's
 * dictionary, so pages compress as well as in one piece), but never into a value: in that
 * dictionary each value is a run of a byte text never contains, as long as the value will be, so
 * every back-reference lands on kept bytes at the distance they will have in every response.
 */
export function deflateParts(parts: Buffer[], valueLengths: number[]): Promise<Buffer[]> {
  const before: Buffer[] = [];
  return Promise.all(
    parts.map((part, i) => {
      const preceding = Buffer.concat(before);
      const dictionary = preceding.subarray(Math.max(0, preceding.length - DEFLATE_WINDOW));
      before.push(part);
      if (i < valueLengths.length) before.push(Buffer.alloc(valueLengths[i]!, UNMATCHABLE));
      return deflateRaw(part, {
        level: 9,
        finishFlush: i < parts.length - 1 ? zlib.constants.Z_SYNC_FLUSH : zlib.constants.Z_FINISH,
        ...(dictionary.length > 0 && !part.includes(UNMATCHABLE) ? { dictionary } : {}),
      });
    }),
  );
}

/**
 * One gzip member: the deflated parts with `values[i]` in a stored block after part i. Every value
 * must have the length it was deflated for (see deflateParts); `whole` is the text the result
 * decompresses to (the parts and values joined), for the trailer's checksum and length.
 */
export function joinGzip(deflatedParts: Buffer[], values: Buffer[], whole: Buffer): Buffer {
  const pieces: Buffer[] = [GZIP_HEADER];
  for (let i = 0; i < deflatedParts.length; i++) {
    pieces.push(deflatedParts[i]!);
    if (i < values.length) pieces.push(storedBlock(values[i]!));
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(zlib.crc32(whole), 0);
  trailer.writeUInt32LE(whole.length % 2 ** 32, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}
