import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalMediaStorage } from "~/media/media-storage.server";
import { storedPortraitUrl } from "./portrait.server";
import { mkdir, writeFile } from "node:fs/promises";

describe("stored portrait", () => {
  it("is null when no photo is stored, so the bundled picture is used", async () => {
    const media = createLocalMediaStorage(mkdtempSync(path.join(os.tmpdir(), "portrait-")));
    expect(await storedPortraitUrl(media)).toBeNull();
  });

  it("serves the stored photo with its size as a version, so a replaced photo is fetched again", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "portrait-"));
    await mkdir(path.join(root, "site"), { recursive: true });
    await writeFile(path.join(root, "site", "practitioner-portrait.jpg"), Buffer.alloc(1234));
    const media = createLocalMediaStorage(root);
    expect(await storedPortraitUrl(media)).toBe("/media/site/practitioner-portrait.jpg?v=1234");
  });
});
