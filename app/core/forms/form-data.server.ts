import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";

/** The request body is over the limit. */
export class PayloadTooLargeError extends Error {
  override name = "PayloadTooLargeError";
  /**
   * The text fields that did arrive (a form refused for its photo can still
   * show what was typed), and whether a file was among what arrived.
   */
  constructor(
    readonly fields: FormData = new FormData(),
    readonly hadFile = false,
  ) {
    super("Request body too large");
  }
}

/** An oversized upload is read to its end (so the browser gets our answer) up to this; past it, cut off. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
const TEXT_FIELD_MAX_BYTES = 64 * 1024;
/**
 * Fields a form may send. Past this a body is refused unread, as one over its byte limit: each name
 * costs the form layer work and memory. A larger form (the opening hours: a week per studio) passes
 * its own cap, counted from its fields.
 */
export const FORM_MAX_FIELDS = 100;
/** Multipart forms (an upload and a few text fields) are smaller still. */
const MULTIPART_LIMITS = { fieldSize: TEXT_FIELD_MAX_BYTES, fields: 50, files: 5, parts: 60 };

/**
 * Parses a form body (urlencoded or multipart) holding at most `maxBytes`.
 * Multipart bodies are parsed as they stream in: past the limit, file bytes
 * are discarded as they arrive, never held, and PayloadTooLargeError carries
 * the text fields.
 */
export async function readFormData(request: Request, maxBytes: number, maxFields = FORM_MAX_FIELDS): Promise<FormData> {
  if (!request.body) return new FormData();
  const type = request.headers.get("content-type") ?? "";
  if (/^multipart\/form-data/i.test(type)) return readMultipart(request.body, type, maxBytes);

  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) throw new PayloadTooLargeError();
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      throw new PayloadTooLargeError();
    }
    chunks.push(value);
  }
  const body = Buffer.concat(chunks);
  if (fieldCount(body, maxFields) > maxFields) throw new PayloadTooLargeError();
  return new Response(body, { headers: { "Content-Type": type } }).formData();
}

/** The fields of a urlencoded body, counted by their separators (an empty one counts too), up to one past the cap. */
function fieldCount(body: Buffer, maxFields: number): number {
  let count = body.length > 0 ? 1 : 0;
  for (let at = body.indexOf(0x26); at !== -1 && count <= maxFields; at = body.indexOf(0x26, at + 1)) count++;
  return count;
}

function readMultipart(body: ReadableStream<Uint8Array>, type: string, maxBytes: number): Promise<FormData> {
  return new Promise((resolve, reject) => {
    const fields = new FormData();
    let received = 0;
    let tooLarge = false;
    let hadFile = false;
    let tooManyParts = false;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": type }, limits: MULTIPART_LIMITS });
    } catch (error) {
      reject(error);
      return;
    }
    const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);

    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) tooLarge = true;
      if (received > DRAIN_LIMIT_BYTES) {
        source.destroy();
        reject(new PayloadTooLargeError(fields, hadFile));
      }
    });
    source.on("error", reject);

    parser.on("field", (name, value) => fields.append(name, value));
    parser.on("file", (name, stream, info) => {
      if (info.filename) hadFile = true;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        if (!tooLarge) chunks.push(chunk);
        else chunks.length = 0;
      });
      stream.on("end", () => {
        if (!tooLarge)
          fields.append(name, new File([Buffer.concat(chunks)], info.filename ?? "", { type: info.mimeType }));
      });
    });
    // Busboy skips the parts past a limit; a form that sends them is refused whole instead.
    for (const limit of ["fieldsLimit", "filesLimit", "partsLimit"] as const) {
      parser.on(limit, () => (tooManyParts = true));
    }
    parser.on("error", reject);
    parser.on("close", () => {
      if (tooManyParts) reject(new PayloadTooLargeError());
      else if (tooLarge) reject(new PayloadTooLargeError(fields, hadFile));
      else resolve(fields);
    });
    source.pipe(parser);
  });
}
