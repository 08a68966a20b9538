import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

export const mediaPrefixes = ["recipe-photos", "reviews", "site"] as const;
export type MediaPrefix = (typeof mediaPrefixes)[number];

export const mediaTypes = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  png: "image/png",
} as const;
export type MediaExtension = keyof typeof mediaTypes;

/**
 * Keys are `<prefix>/<random name>.<ext>`: nothing a client sends can name
 * another file, because a key that does not match this pattern is never opened.
 */
const keyPattern = new RegExp(
  `^(${mediaPrefixes.join("|")})/[A-Za-z0-9_-]{16,64}\\.(${Object.keys(mediaTypes).join("|")})$`,
);

export function isMediaKey(key: string): boolean {
  return keyPattern.test(key);
}

/** 128 random bits, URL-safe: unguessable. */
export function newMediaKey(prefix: MediaPrefix, ext: MediaExtension): string {
  return `${prefix}/${randomBytes(16).toString("base64url")}.${ext}`;
}

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

export interface MediaStorage {
  /** Stores the bytes under a new random key and returns the key. */
  put(prefix: MediaPrefix, ext: MediaExtension, data: Buffer): Promise<string>;
  /** Stores the bytes under a key made earlier (restoring a backup); throws on a malformed key. */
  putAt(key: string, data: Buffer): Promise<void>;
  /** Undefined when the key is malformed or nothing is stored under it. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Where browsers fetch the object. */
  publicUrl(key: string): string;
}

/** Files under `<root>/<prefix>/`, served by our own server at /media/<key>. */
export function createLocalMediaStorage(root: string): MediaStorage {
  const fileFor = (key: string) => {
    if (!isMediaKey(key)) return undefined;
    return path.join(root, ...key.split("/"));
  };

  const putAt = async (key: string, data: Buffer) => {
    const file = fileFor(key);
    if (!file) throw new Error(`not a media key: ${key}`);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
    await writeFile(temp, data, { flag: "wx" });
    await rename(temp, file);
  };

  return {
    async put(prefix, ext, data) {
      const key = newMediaKey(prefix, ext);
      await putAt(key, data);
      return key;
    },

    putAt,

    async get(key) {
      const file = fileFor(key);
      if (!file) return undefined;
      try {
        const info = await stat(file);
        if (!info.isFile()) return undefined;
        const ext = path.extname(file).slice(1) as MediaExtension;
        return { body: createReadStream(file), size: info.size, contentType: mediaTypes[ext] };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },

    async delete(key) {
      const file = fileFor(key);
      if (file) await rm(file, { force: true });
    },

    publicUrl(key) {
      return `/media/${key}`;
    },
  };
}
