import { describe, expect, it } from "vitest";
import { FORM_MAX_FIELDS, PayloadTooLargeError, readFormData, wasCut } from "./form-data.server";

const multipart = (form: FormData) => new Request("http://localhost/", { method: "POST", body: form });

describe("reading form bodies within a byte limit", () => {
  it("returns text fields and files of a multipart body", async () => {
    const form = new FormData();
    form.append("name", "Anna");
    form.append("content", "Riga uno\nRiga due");
    form.append("photo", new File([new Uint8Array([1, 2, 3])], "foto.jpg", { type: "image/jpeg" }));
    const read = await readFormData(multipart(form), 10_000);
    expect(read.get("name")).toBe("Anna");
    // Form submission sends line breaks as CRLF; the review's own validation normalises them.
    expect(read.get("content")).toBe("Riga uno\r\nRiga due");
    const photo = read.get("photo") as File;
    expect(photo.name).toBe("foto.jpg");
    expect(photo.type).toBe("image/jpeg");
    expect([...new Uint8Array(await photo.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it("keeps an empty file input as an empty file, as browsers send it", async () => {
    const form = new FormData();
    form.append("photo", new File([], "", { type: "application/octet-stream" }));
    const photo = (await readFormData(multipart(form), 10_000)).get("photo") as File;
    expect(photo.size).toBe(0);
  });

  it("refuses an oversized upload but hands back the text typed beside it", async () => {
    const form = new FormData();
    form.append("name", "Marta");
    form.append("photo", new File([new Uint8Array(3_000_000)], "grande.jpg", { type: "image/jpeg" }));
    form.append("consent", "on");
    const error = await readFormData(multipart(form), 1_000_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    const fields = (error as PayloadTooLargeError).fields;
    expect(fields.get("name")).toBe("Marta");
    expect(fields.get("consent")).toBe("on");
    expect(fields.get("photo")).toBeNull();
  });

  it("refuses an oversized urlencoded body", async () => {
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `content=${"a".repeat(5000)}`,
    });
    await expect(readFormData(request, 1000)).rejects.toBeInstanceOf(PayloadTooLargeError);
  });

  it("refuses a urlencoded body of more fields than any form sends, however small", async () => {
    const fields = (count: number) =>
      new Request("http://localhost/", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: Array.from({ length: count }, (_, i) => `f${i}=x`).join("&"),
      });
    expect([...(await readFormData(fields(FORM_MAX_FIELDS), 10_000)).keys()]).toHaveLength(FORM_MAX_FIELDS);
    await expect(readFormData(fields(FORM_MAX_FIELDS + 1), 10_000)).rejects.toBeInstanceOf(PayloadTooLargeError);
    // A larger form passes its own cap.
    expect([...(await readFormData(fields(FORM_MAX_FIELDS + 1), 10_000, 200)).keys()]).toHaveLength(101);
    await expect(readFormData(fields(201), 10_000, 200)).rejects.toBeInstanceOf(PayloadTooLargeError);
    const separators = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "&".repeat(5000),
    });
    await expect(readFormData(separators, 10_000)).rejects.toBeInstanceOf(PayloadTooLargeError);
  });

  it("refuses a multipart body past its part cap instead of reading the first parts only", async () => {
    const form = new FormData();
    for (let i = 0; i < 80; i++) form.append(`f${i}`, "x");
    const error = await readFormData(multipart(form), 100_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect([...(error as PayloadTooLargeError).fields.keys()]).toEqual([]);
    // A larger form (a recipe with its photo) passes its own cap on this path too, and no more.
    expect([...(await readFormData(multipart(form), 100_000, 80)).keys()]).toHaveLength(80);
    const over = new FormData();
    for (let i = 0; i < 81; i++) over.append(`f${i}`, "x");
    await expect(readFormData(multipart(over), 100_000, 80)).rejects.toBeInstanceOf(PayloadTooLargeError);
  });

  it("cuts a text field at 64 KB on every body path and marks the form, where a body limit sized for a photo would let it through", async () => {
    const field = `name=Anna&content=${"a".repeat(64 * 1024 + 1)}`;
    const urlencoded = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: field,
    });
    const read = await readFormData(urlencoded, 10_000_000);
    expect((read.get("content") as string).length).toBe(64 * 1024);
    expect(read.get("name")).toBe("Anna");
    expect(wasCut(read)).toBe(true);
    const form = new FormData();
    form.append("name", "Anna");
    form.append("content", "a".repeat(64 * 1024 + 1));
    const readMultipart = await readFormData(multipart(form), 10_000_000);
    expect((readMultipart.get("content") as string).length).toBe(64 * 1024);
    expect(wasCut(readMultipart)).toBe(true);
    // Just under the cap, both read whole.
    form.set("content", "a".repeat(64 * 1024));
    const whole = await readFormData(multipart(form), 10_000_000);
    expect((whole.get("content") as string).length).toBe(64 * 1024);
    expect(wasCut(whole)).toBe(false);
  });

  it("stops reading a body sent without a length at its limit, without cancelling it (the server answers first)", async () => {
    let cancelled = false;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode(`a=${"x".repeat(1000)}`));
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
      duplex: "half",
    } as RequestInit);
    await expect(readFormData(request, 16 * 1024)).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(cancelled).toBe(false);
    expect(pulled).toBeLessThan(40);
  });
});
