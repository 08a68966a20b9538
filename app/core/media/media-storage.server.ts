import { randomBytes } from "node:crypto";
import { type FileHandle, mkdir, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { DiskFullError, type DiskSpaceReader, ensureRoom, isDiskFull } from "~/core/disk/disk-space.server";
import path from "node:path";
import type { Readable } from "node:stream";

export const mediaPrefixes = ["recipe-photos", "reviews", "site", "article-images"] as const;
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
  /** Holds the file open: read it to the end or destroy it. */
  body: Readable;
  size: number;
  contentType: string;
}

/** A file found by listing local storage; `key` is null for anything that is not a media key (e.g. a temporary file). */
export interface ListedMedia {
  /** Path under the storage root, with "/" separators. */
  name: string;
  key: string | null;
  modifiedMs: number;
}

export interface MediaStorage {
  /** Stores the bytes under a new random key and returns the key. */
  put(prefix: MediaPrefix, ext: MediaExtension, data: Buffer): Promise<string>;
  /** Stores the bytes under a key made by newMediaKey(). */
  write(key: string, data: Buffer): Promise<void>;
  /** Undefined when the key is malformed or nothing is stored under it. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Where browsers fetch the object. */
  publicUrl(key: string): string;
  /** Every file under the prefixes, temporary ones included (local storage only; used by the orphan sweep). */
  list?(): AsyncIterable<ListedMedia>;
  /** Removes a file list() returned that is not a media key (a temporary file left by a crash). */
  removeListed?(name: string): Promise<void>;
}

/** Files under `<root>/<prefix>/`, served by our own server at /media/<key>. */
export function createLocalMediaStorage(
  root: string,
  /** The disk's figures; tests pass their own to play a full disk. */
  options: { diskSpace?: DiskSpaceReader } = {},
): MediaStorage {
  const fileFor = (key: string) => {
    if (!isMediaKey(key)) return undefined;
    return path.join(root, ...key.split("/"));
  };

  return {
    async put(prefix, ext, data) {
      const key = newMediaKey(prefix, ext);
      await this.write(key, data);
      return key;
    },

    async write(key, data) {
      const file = fileFor(key);
      if (!file) throw new Error(`not a media key: ${key}`);
      // A file that would not fit is refused before it is started.
      await ensureRoom(root, data.length, "salvare il file", { read: options.diskSpace });
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file; a ".tmp" name is never served.
      const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
      try {
        await writeFile(temp, data, { flag: "wx" });
      } catch (error) {
        // The disk filled up under it: no half-written file stays behind.
        await rm(temp, { force: true });
        if (isDiskFull(error)) throw new DiskFullError("spazio su disco esaurito durante il salvataggio del file");
        throw error;
      }
      await rename(temp, file);
    },

    async *list() {
      for (const prefix of mediaPrefixes) {
        let names: string[];
        try {
          names = await readdir(path.join(root, prefix));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
          throw error;
        }
        for (const name of names) {
          const info = await stat(path.join(root, prefix, name)).catch(() => null);
          if (!info?.isFile()) continue;
          const relative = `${prefix}/${name}`;
          yield { name: relative, key: isMediaKey(relative) ? relative : null, modifiedMs: info.mtimeMs };
        }
      }
    },

    async removeListed(name) {
      const [prefix, file, ...rest] = name.split("/");
      if (!mediaPrefixes.includes(prefix as MediaPrefix) || !file || rest.length > 0 || file.startsWith(".")) return;
      await rm(path.join(root, prefix!, file), { force: true });
    },

    async get(key) {
      const file = fileFor(key);
      if (!file) return undefined;
      // Opened here, not by the stream as it starts reading: a file deleted meanwhile (the photo
      // removed while a page asked for it) is still read whole, and a stream nobody reads cannot
      // fail later with an error no one listens to (which ends the process).
      let handle: FileHandle;
      try {
        handle = await open(file, "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return undefined;
        }
        const ext = path.extname(file).slice(1) as MediaExtension;
        return { body: handle.createReadStream(), size: info.size, contentType: mediaTypes[ext] };
      } catch (error) {
        await handle.close();
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
