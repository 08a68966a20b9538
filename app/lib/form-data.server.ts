/** The request body is over the limit; nothing of it was parsed. */
export class PayloadTooLargeError extends Error {
  override name = "PayloadTooLargeError";
}

/**
 * Parses a form body (urlencoded or multipart), refusing it as soon as more
 * than `maxBytes` arrive, so an oversized upload is never held in memory whole.
 */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) throw new PayloadTooLargeError();
  if (!request.body) return new FormData();
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
  return new Response(Buffer.concat(chunks), {
    headers: { "Content-Type": request.headers.get("content-type") ?? "" },
  }).formData();
}
