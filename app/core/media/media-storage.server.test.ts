import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { createLocalMediaStorage, isMediaKey } from "./media-storage.server";

const newRoot = () => mkdtempSync(path.join(os.tmpdir(), "media-test-"));

describe("local media storage", () => {
  it("stores under the prefix with a random name, serves and deletes", async () => {
    const root = newRoot();
    const storage = createLocalMediaStorage(root);
    const key = await storage.put("reviews", "webp", Buffer.from("image bytes"));
    expect(key).toMatch(/^reviews\/[A-Za-z0-9_-]{22}\.webp$/);
    expect(storage.publicUrl(key)).toBe(`/media/${key}`);

    const object = await storage.get(key);
    expect(object?.contentType).toBe("image/webp");
    expect(object?.size).toBe(11);
    expect(await text(object!.body)).toBe("image bytes");

    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("reads a file whole that is deleted between finding it and reading it", async () => {
    // A photo removed while a page asks for it: the reader still gets every byte (and a stream
    // started before the deletion cannot fail later with an error nobody listens to).
    const root = newRoot();
    const storage = createLocalMediaStorage(root);
    const key = await storage.put("reviews", "webp", Buffer.from("still here"));
    const object = await storage.get(key);
    // At once, before anything else runs: as another request's deletion could.
    rmSync(path.join(root, key));
    expect(await text(object!.body)).toBe("still here");
    expect(await storage.get(key)).toBeUndefined();
  });

  it("never repeats a name", async () => {
    const storage = createLocalMediaStorage(newRoot());
    const keys = await Promise.all(
      Array.from({ length: 50 }, () => storage.put("recipe-photos", "webp", Buffer.from("x"))),
    );
    expect(new Set(keys).size).toBe(50);
  });

  it("cannot be made to read or delete outside its directory", async () => {
    const parent = newRoot();
    const root = path.join(parent, "media");
    const storage = createLocalMediaStorage(root);
    writeFileSync(path.join(parent, "secret.webp"), "secret");
    for (const key of [
      "../secret.webp",
      "reviews/../../secret.webp",
      "/etc/passwd",
      "reviews/..%2F..%2Fsecret.webp",
      "reviews\\..\\..\\secret.webp",
      "other/AAAAAAAAAAAAAAAAAAAAAA.webp",
      "reviews/AAAAAAAAAAAAAAAAAAAAAA.svg",
    ]) {
      expect(isMediaKey(key), key).toBe(false);
      expect(await storage.get(key), key).toBeUndefined();
      await storage.delete(key);
    }
    expect(readdirSync(parent)).toContain("secret.webp");
  });
});
