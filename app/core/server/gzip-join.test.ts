import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflateParts, joinGzip } from "./gzip-join";

/** The gzip member made from `parts` with `values` between them, as a response gets it. */
async function joined(parts: string[], values: string[]) {
  const partBytes = parts.map((part) => Buffer.from(part));
  const valueBytes = values.map((value) => Buffer.from(value));
  const deflated = await deflateParts(
    partBytes,
    valueBytes.map((value) => value.length),
  );
  const whole = Buffer.concat(
    partBytes.flatMap((part, i) => (i < valueBytes.length ? [part, valueBytes[i]!] : [part])),
  );
  return { gzipped: joinGzip(deflated, valueBytes, whole), whole };
}

describe("gzip joined from deflated parts", () => {
  it("decompresses to the parts with each value between them", async () => {
    const { gzipped, whole } = await joined(
      ['<html><script nonce="', '">go()</script><input value="', '"></html>'],
      ["n0nce-of-this-response==", "signed.start.time"],
    );
    expect(zlib.gunzipSync(gzipped).toString()).toBe(
      '<html><script nonce="n0nce-of-this-response==">go()</script><input value="signed.start.time"></html>',
    );
    expect(zlib.gunzipSync(gzipped).equals(whole)).toBe(true);
  });

  it("is one gzip member whose trailer holds the text's CRC-32 and length", async () => {
    const { gzipped, whole } = await joined(["a", "b"], ["value"]);
    expect(gzipped.subarray(0, 3)).toEqual(Buffer.from([0x1f, 0x8b, 8]));
    expect(gzipped.readUInt32LE(gzipped.length - 8)).toBe(zlib.crc32(whole));
    expect(gzipped.readUInt32LE(gzipped.length - 4)).toBe(whole.length);
  });

  it("joins empty parts and empty values", async () => {
    expect(zlib.gunzipSync((await joined(["", "middle", ""], ["x", "y"])).gzipped).toString()).toBe("xmiddley");
    expect(zlib.gunzipSync((await joined(["", ""], [""])).gzipped).toString()).toBe("");
    expect(zlib.gunzipSync((await joined(["only part"], [])).gzipped).toString()).toBe("only part");
  });

  it("joins a part far larger than the deflate window and a stored block", async () => {
    const large = randomBytes(200_000).toString("base64");
    const { gzipped, whole } = await joined(["<p>", large, "</p>"], ["first value", "second"]);
    expect(zlib.gunzipSync(gzipped).equals(whole)).toBe(true);
  });

  it("lets a part refer back to the text before it, across a value", async () => {
    const text = Array.from({ length: 400 }, (_, i) => `<li>Ricetta ${i}: ${(i * 7919) % 1000} kcal</li>`).join("");
    const { gzipped, whole } = await joined([text, text], ["v".repeat(24)]);
    expect(zlib.gunzipSync(gzipped).equals(whole)).toBe(true);
    // The repeat costs next to nothing: about the size of the text compressed once, not twice.
    const once = zlib.deflateRawSync(Buffer.from(text), { level: 9 }).length;
    expect(gzipped.length).toBeLessThan(once * 1.2);
  });

  it("takes a value of up to 65,535 bytes (one stored block) and refuses a longer one", async () => {
    const longest = "€".repeat(0xffff / 3); // three bytes each in UTF-8
    expect(Buffer.byteLength(longest)).toBe(0xffff);
    const { gzipped, whole } = await joined(["<p>", "</p>"], [longest]);
    expect(zlib.gunzipSync(gzipped).equals(whole)).toBe(true);
    await expect(joined(["<p>", "</p>"], ["x".repeat(0x10000)])).rejects.toThrow(RangeError);
  });
});
