import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AwsClient } from "aws4fetch";
import { isMediaKey, mediaTypes, newMediaKey, type MediaExtension, type MediaStorage } from "./media-storage.server";

export interface S3Settings {
  /** e.g. https://s3.eu-south-1.amazonaws.com or an S3-compatible service's URL. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers fetch objects directly (a CDN or public bucket URL); unset: through our /media route. */
  publicUrl?: string;
}

/** Objects in an S3-compatible bucket (path-style requests, signed with SigV4). */
export function createS3MediaStorage(settings: S3Settings): MediaStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: "s3",
    retries: 2,
  });
  const endpoint = settings.endpoint.replace(/\/+$/, "");
  const objectUrl = (key: string) => `${endpoint}/${settings.bucket}/${key}`;
  const failure = async (what: string, response: Response) =>
    new Error(`S3 ${what} failed: ${response.status} ${(await response.text()).slice(0, 200)}`);

  return {
    async put(prefix, ext, data) {
      const key = newMediaKey(prefix, ext);
      await this.write(key, data);
      return key;
    },

    async write(key, data) {
      if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
      const ext = key.slice(key.lastIndexOf(".") + 1) as MediaExtension;
      const response = await client.fetch(objectUrl(key), {
        method: "PUT",
        body: new Uint8Array(data),
        headers: {
          "Content-Type": mediaTypes[ext],
          "Cache-Control": "public, max-age=31536000, immutable",
        },
      });
      if (!response.ok) throw await failure("put", response);
    },

    async get(key) {
      if (!isMediaKey(key)) return undefined;
      const response = await client.fetch(objectUrl(key));
      if (response.status === 404) return undefined;
      if (!response.ok || !response.body) throw await failure("get", response);
      const ext = key.slice(key.lastIndexOf(".") + 1) as MediaExtension;
      return {
        body: Readable.fromWeb(response.body as WebReadableStream),
        size: Number(response.headers.get("content-length")),
        contentType: mediaTypes[ext],
      };
    },

    async delete(key) {
      if (!isMediaKey(key)) return;
      const response = await client.fetch(objectUrl(key), { method: "DELETE" });
      if (!response.ok && response.status !== 404) throw await failure("delete", response);
    },

    publicUrl(key) {
      return settings.publicUrl ? `${settings.publicUrl.replace(/\/+$/, "")}/${key}` : `/media/${key}`;
    },
  };
}
