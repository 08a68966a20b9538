import type { BackupBucketSettings } from "~/core/config/env.server";
import { createReadStream, createWriteStream } from "node:fs";
import { readFile, rm, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import { AwsClient } from "aws4fetch";
import { type DiskSpaceReader, ensureRoom } from "~/core/disk/disk-space.server";
import { backupNameDate, isBackupFileName, isBackupKeyFileName } from "./backup-files.server";

export interface BucketCopy {
  /** The backup's file name (studio-YYYYMMDD-HHMM.tar.gz.age). */
  name: string;
  bytes: number;
  /** When its backup was made (from its name). */
  at: Date;
}

export interface BackupBucket {
  /** Where the copies go, for messages: host, bucket and prefix, never the keys. */
  readonly label: string;
  upload(file: string, name: string): Promise<number>;
  list(): Promise<BucketCopy[]>;
  /** Downloads a copy to `to` (refused before it starts when the disk has no room). */
  download(name: string, to: string, options?: { diskSpace?: DiskSpaceReader }): Promise<void>;
  delete(name: string): Promise<void>;
  /** Backup keys (passphrase-encrypted) live beside the copies, in PREFIX/keys/, never pruned. */
  uploadKey(file: string, name: string): Promise<void>;
  listKeys(): Promise<string[]>;
  downloadKey(name: string): Promise<Buffer>;
}

/** Ours are about 400 bytes. */
const KEY_DOWNLOAD_LIMIT = 16 * 1024;

/** Object names are the backups' own names: nothing else is read or deleted in her bucket. */
function checkedName(name: string): string {
  if (!isBackupFileName(name)) throw new Error(`nome di copia non valido: ${JSON.stringify(name.slice(0, 80))}`);
  return name;
}

const xmlText = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, "g"))].map((match) => decodeXml(match[1]!));
const decodeXml = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, entity: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" })[entity]!,
  );

/** Path-style requests signed with SigV4, as the media storage makes them; archives stream both ways. */
export function createBackupBucket(settings: BackupBucketSettings): BackupBucket {
  // No retries: a streamed body cannot be sent twice (the next night sends it again).
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: "s3",
    retries: 0,
  });
  const endpoint = settings.endpoint.replace(/\/+$/, "");
  const prefix = settings.prefix;
  const bucketUrl = `${endpoint}/${encodeURIComponent(settings.bucket)}`;
  const inPrefix = (name: string) => `${bucketUrl}/${prefix.split("/").map(encodeURIComponent).join("/")}${name}`;
  const objectUrl = (name: string) => inPrefix(checkedName(name));
  const keyUrl = (name: string) => {
    if (!isBackupKeyFileName(name)) throw new Error(`nome di chiave non valido: ${JSON.stringify(name.slice(0, 80))}`);
    return inPrefix(`keys/${name}`);
  };
  const failure = async (what: string, response: Response) =>
    new Error(`${what} nel bucket non riuscito: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);

  /** Objects under `under`, their names without it. */
  const listObjects = async (under: string) => {
    const objects: { name: string; bytes: number }[] = [];
    let token: string | undefined;
    do {
      const url = new URL(bucketUrl);
      url.searchParams.set("list-type", "2");
      if (under) url.searchParams.set("prefix", under);
      if (token) url.searchParams.set("continuation-token", token);
      const response = await client.fetch(url.href);
      if (!response.ok) throw await failure("elenco", response);
      const xml = await response.text();
      for (const [entry] of xml.matchAll(/<Contents>[\s\S]*?<\/Contents>/g)) {
        const name = (xmlText(entry, "Key")[0] ?? "").slice(under.length);
        objects.push({ name, bytes: Number(xmlText(entry, "Size")[0] ?? 0) });
      }
      token = xml.includes("<IsTruncated>true</IsTruncated>") ? xmlText(xml, "NextContinuationToken")[0] : undefined;
    } while (token);
    return objects;
  };

  return {
    label: `${new URL(endpoint).host}/${settings.bucket}/${prefix}`,

    async upload(file, name) {
      const { size } = await stat(file);
      const response = await client.fetch(objectUrl(name), {
        method: "PUT",
        body: Readable.toWeb(createReadStream(file)) as ReadableStream,
        headers: { "Content-Length": String(size), "Content-Type": "application/octet-stream" },
        // @ts-expect-error Node's fetch needs it for a streamed body; the DOM's RequestInit lacks it.
        duplex: "half",
      });
      if (!response.ok) throw await failure("caricamento", response);
      return size;
    },

    async list() {
      const copies: BucketCopy[] = [];
      for (const { name, bytes } of await listObjects(prefix)) {
        if (!isBackupFileName(name) || name.includes("/")) continue;
        copies.push({ name, bytes, at: backupNameDate(name)! });
      }
      return copies;
    },

    async listKeys() {
      return (await listObjects(`${prefix}keys/`)).map((o) => o.name).filter(isBackupKeyFileName);
    },

    async uploadKey(file, name) {
      const body = await readFile(file);
      const response = await client.fetch(keyUrl(name), {
        method: "PUT",
        body,
        headers: { "Content-Type": "application/octet-stream" },
      });
      if (!response.ok) throw await failure("caricamento della chiave", response);
    },

    async downloadKey(name) {
      const response = await client.fetch(keyUrl(name));
      if (!response.ok || !response.body) throw await failure("scaricamento della chiave", response);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > KEY_DOWNLOAD_LIMIT) throw new Error(`chiave ${name} troppo grande`);
      return bytes;
    },

    async download(name, to, options = {}) {
      const response = await client.fetch(objectUrl(name));
      if (response.status === 404) throw new Error(`copia ${name} non trovata nel bucket`);
      if (!response.ok || !response.body) throw await failure("scaricamento", response);
      const bytes = Number(response.headers.get("content-length") ?? 0);
      try {
        await ensureRoom(to.slice(0, to.lastIndexOf("/")) || ".", bytes, "scaricare la copia", {
          read: options.diskSpace,
        });
      } catch (error) {
        await response.body.cancel();
        throw error;
      }
      try {
        await pipeline(
          Readable.fromWeb(response.body as WebReadableStream),
          createWriteStream(to, { flags: "wx", mode: 0o600 }),
        );
      } catch (error) {
        await rm(to, { force: true });
        throw error;
      }
    },

    async delete(name) {
      const response = await client.fetch(objectUrl(name), { method: "DELETE" });
      if (!response.ok && response.status !== 404) throw await failure("eliminazione", response);
    },
  };
}
