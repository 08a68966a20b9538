import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { MIN_FILL_MS, STARTED_FIELD } from "../../app/features/reviews/spam-guard";
import { fillTimeToken } from "./fill-time";

export { fillTimeToken };

/** A name no other test (or earlier run on the shared server) has used. */
export const uniqueName = (prefix: string) => `${prefix} ${randomBytes(3).toString("hex")}`;

/**
 * Posts a review as a plain form would, without the browser, with a start
 * token old enough. Resolves with the response status (303 on success, the
 * form's redirect).
 */
export async function postReview(
  baseUrl: string,
  fields: { name: string; content?: string; rating?: number; photo?: Buffer },
  headers: Record<string, string> = {},
): Promise<number> {
  const form = new FormData();
  form.set("name", fields.name);
  form.set("content", fields.content ?? `Recensione di ${fields.name}`);
  form.set("rating", String(fields.rating ?? 5));
  form.set("consent", "on");
  form.set(STARTED_FIELD, await fillTimeToken(baseUrl));
  if (fields.photo) form.set("photo", new Blob([new Uint8Array(fields.photo)], { type: "image/jpeg" }), "foto.jpg");
  const response = await fetch(`${baseUrl}/reviews`, { method: "POST", body: form, redirect: "manual", headers });
  return response.status;
}

/**
 * Sends the review form on the page the instant its start token is issued, as a
 * bot posting at once would. A loaded machine may take longer than the minimum
 * fill time between rendering the page and a scripted click, so the token is
 * fetched afresh and the form submitted in the same browser task.
 */
export async function submitAtOnce(page: Page, formId: string) {
  await page.evaluate(
    async ({ formId, field }) => {
      const html = await (await fetch("/reviews")).text();
      const fresh = new DOMParser()
        .parseFromString(html, "text/html")
        .querySelector<HTMLInputElement>(`input[name="${field}"]`);
      const form = document.getElementById(formId) as HTMLFormElement;
      const token = form.querySelector<HTMLInputElement>(`input[name="${field}"]`);
      if (!fresh || !token) throw new Error("no start token on /reviews");
      token.value = fresh.value;
      form.requestSubmit(form.querySelector<HTMLButtonElement>('button[type="submit"]'));
    },
    { formId, field: STARTED_FIELD },
  );
}

/** Waits until the form on the page has been open for the minimum fill time, as a person's would. */
export async function waitForFillTime(page: Page) {
  // The token is "<milliseconds>.<signature>".
  const started = Number((await page.locator(`input[name="${STARTED_FIELD}"]`).inputValue()).split(".")[0]);
  const wait = started + MIN_FILL_MS + 150 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
}

/** A real photo-like JPEG of the given size. */
export function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 190, g: 140, b: 80 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#5a8f4e"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();
}

/** Just over 5 MB, starting like a JPEG: the size alone must get it refused. */
export function oversizePhoto(): Buffer {
  const data = randomBytes(5 * 1024 * 1024 + 1024);
  data.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return data;
}

/** The date as the page writes it, e.g. "21 novembre 2026". */
export const italianToday = () =>
  new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Rome" }).format(
    new Date(),
  );

export function reviewCard(page: Page, name: string) {
  return page.locator(".review-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}
