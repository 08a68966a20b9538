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
  readonly fields: FormData;
  readonly hadFile: boolean;
  constructor(fields: FormData = new FormData(), hadFile = false) {
    super("Request body too large");
    this.fields = fields;
    this.hadFile = hadFile;
  }
}

/**
 * An oversized upload is read on (its file bytes thrown away) up to this, for the text fields after
 * the file; past it, reading stops. Either way the request is answered with the refusal, and the
 * server throws the rest of the body away after the answer (server/app.ts, `drainUnreadBody`).
 */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
/** One text field, on every body path: no form has a longer one (the longest text is 10,000 characters). */
const TEXT_FIELD_MAX_BYTES = 64 * 1024;
/** All text fields of a form together, on every body path: the largest form (the site's texts) sends 512 KB. */
const TEXT_FIELDS_MAX_BYTES = 512 * 1024;
/**
 * Fields a form may send. Past this a body is refused unread, as one over its byte limit: each name
 * costs the form layer work and memory. A larger form (the opening hours: a week per studio) passes
 * its own cap, counted from its fields.
 */
export const FORM_MAX_FIELDS = 100;
/** Multipart forms (an upload and a few text fields) are smaller still. */
// Busboy flags a value as cut once it reaches its `fieldSize`: one byte more, so a field of exactly the cap passes.
const MULTIPART_LIMITS = { fieldSize: TEXT_FIELD_MAX_BYTES + 1, fields: 50, files: 5, parts: 60 };

/**
 * Forms with a text field cut at TEXT_FIELD_MAX_BYTES. Longer than any field may be, such a field is
 * refused by its schema with the field's own message (as typed, its 100,000 characters stay unread
 * past the cap); parseSubmission never accepts a cut form (`wasCut`).
 */
const cutForms = new WeakSet<FormData>();
/** Whether a text field of this form arrived longer than any form's field may be, and was cut. */
export const wasCut = (form: FormData) => cutForms.has(form);

/** The first TEXT_FIELD_MAX_BYTES of a text, whole characters only. */
function cut(value: string): string {
  const bytes = Buffer.from(value).subarray(0, TEXT_FIELD_MAX_BYTES);
  // A character split at the cap would decode as U+FFFD: drop it.
  return bytes.toString().replace(/\uFFFD$/, "");
}

/**
 * Parses a form body (urlencoded or multipart) holding at most `maxBytes`, and at most
 * TEXT_FIELD_MAX_BYTES in any text field and TEXT_FIELDS_MAX_BYTES in all of them, however it
 * is sent (with a length, chunked, through a `.data` URL). Multipart bodies are parsed as they
 * stream in: past the limit, file bytes are discarded as they arrive, never held, and
 * PayloadTooLargeError carries the text fields. A body refused is left unread, never cut off
 * here: cutting the request would reset the connection before the refusal reaches the visitor.
 */
export async function readFormData(request: Request, maxBytes: number, fieldCap?: number): Promise<FormData> {
  if (!request.body) return new FormData();
  const type = request.headers.get("content-type") ?? "";
  // A form's own cap counts on both paths (a recipe with its photo is multipart, and long).
  if (/^multipart\/form-data/i.test(type))
    return readMultipart(request.body, type, maxBytes, fieldCap ? { fields: fieldCap, parts: fieldCap + 10 } : {});
  const maxFields = fieldCap ?? FORM_MAX_FIELDS;

  // A urlencoded body is text only.
  const limit = Math.min(maxBytes, TEXT_FIELDS_MAX_BYTES);
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > limit) throw new PayloadTooLargeError();
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      reader.releaseLock();
      throw new PayloadTooLargeError();
    }
    chunks.push(value);
  }
  const body = Buffer.concat(chunks);
  if (fieldCount(body, maxFields) > maxFields) throw new PayloadTooLargeError();
  const parsed = await new Response(body, { headers: { "Content-Type": type } }).formData();
  const form = new FormData();
  for (const [name, value] of parsed) {
    if (typeof value === "string" && Buffer.byteLength(value) > TEXT_FIELD_MAX_BYTES) {
      cutForms.add(form);
      form.append(name, cut(value));
    } else form.append(name, value);
  }
  return form;
}

/** The fields of a urlencoded body, counted by their separators (an empty one counts too), up to one past the cap. */
function fieldCount(body: Buffer, maxFields: number): number {
  let count = body.length > 0 ? 1 : 0;
  for (let at = body.indexOf(0x26); at !== -1 && count <= maxFields; at = body.indexOf(0x26, at + 1)) count++;
  return count;
}

function readMultipart(
  body: ReadableStream<Uint8Array>,
  type: string,
  maxBytes: number,
  caps: { fields?: number; parts?: number },
): Promise<FormData> {
  return new Promise((resolve, reject) => {
    const fields = new FormData();
    let received = 0;
    let tooLarge = false;
    let hadFile = false;
    let refuseWhole = false;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": type }, limits: { ...MULTIPART_LIMITS, ...caps } });
    } catch (error) {
      reject(error);
      return;
    }
    const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);

    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) tooLarge = true;
      if (received > DRAIN_LIMIT_BYTES) {
        // Read no more (the server throws the rest away after the answer); the refusal goes now.
        source.unpipe(parser);
        source.pause();
        reject(new PayloadTooLargeError(fields, hadFile));
      }
    });
    source.on("error", reject);

    let textBytes = 0;
    parser.on("field", (name, value, info) => {
      const bytes = Buffer.byteLength(value);
      textBytes += bytes;
      if (textBytes > TEXT_FIELDS_MAX_BYTES) refuseWhole = true;
      else if (info.valueTruncated || bytes > TEXT_FIELD_MAX_BYTES) {
        // Busboy stopped keeping it at its size limit: cut, and never accepted (wasCut).
        cutForms.add(fields);
        fields.append(name, cut(value));
      } else fields.append(name, value);
    });
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
      parser.on(limit, () => (refuseWhole = true));
    }
    parser.on("error", reject);
    parser.on("close", () => {
      if (refuseWhole) reject(new PayloadTooLargeError());
      else if (tooLarge) reject(new PayloadTooLargeError(fields, hadFile));
      else resolve(fields);
    });
    source.pipe(parser);
  });
}
