import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3MediaStorage } from "./s3-media-storage.server";

// s3rver speaks the S3 HTTP API on loopback; its fixed credentials are S3RVER/S3RVER.
describe("S3-compatible media storage", () => {
  let server: S3rver;
  let endpoint: string;

  beforeAll(async () => {
    server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: mkdtempSync(path.join(os.tmpdir(), "s3rver-")),
      configureBuckets: [{ name: "media" }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(() => server.close());

  const storage = (bucket = "media", publicUrl?: string) =>
    createS3MediaStorage({
      endpoint,
      bucket,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      publicUrl,
    });

  it("puts, gets as a stream and deletes objects under random keys", async () => {
    const media = storage();
    const key = await media.put("recipe-photos", "webp", Buffer.from("webp bytes"));
    expect(key).toMatch(/^recipe-photos\/[\w-]{22}\.webp$/);
    const object = await media.get(key);
    expect(object?.contentType).toBe("image/webp");
    expect(object?.size).toBe(10);
    expect(await text(object!.body)).toBe("webp bytes");
    await media.delete(key);
    expect(await media.get(key)).toBeUndefined();
    await expect(media.delete(key)).resolves.toBeUndefined();
  });

  it("serves through our /media route unless a public URL is configured", () => {
    expect(storage().publicUrl("reviews/abc.webp")).toBe("/media/reviews/abc.webp");
    expect(storage("media", "https://cdn.example.it/media/").publicUrl("reviews/abc.webp")).toBe(
      "https://cdn.example.it/media/reviews/abc.webp",
    );
  });

  it("never requests a malformed key", async () => {
    expect(await storage().get("../media/x.webp")).toBeUndefined();
  });

  it("reports a failed write instead of pretending", async () => {
    await expect(storage("no-such-bucket").put("reviews", "webp", Buffer.from("x"))).rejects.toThrow(
      /S3 put failed: 404/,
    );
  });
});
