import { createHash } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";

/** Passes bytes through, counting them and taking their SHA-256 (read `sha256()` once at the end). */
export class ChecksumStream extends Transform {
  private readonly hash = createHash("sha256");
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    this.inspect(chunk);
    done(null, chunk);
  }

  /** Subclasses look at each chunk here. */
  protected inspect(_chunk: Buffer): void {}

  sha256(): string {
    return this.hash.digest("hex");
  }
}

/** A ChecksumStream over COPY text that also counts its rows (one a line: newlines in values are escaped). */
export class CopyTextChecksum extends ChecksumStream {
  rows = 0;

  protected override inspect(chunk: Buffer) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.rows++;
  }
}
