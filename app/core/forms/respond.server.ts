import type { Submission } from "@conform-to/react";
import type { Logger } from "pino";
import { data, redirect } from "react-router";
import { isDatabaseUnavailable, reportDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/core/db/unavailable.server";
import { PayloadTooLargeError, readFormData } from "~/core/forms/form-data.server";
import type { Flash, FlashStore } from "~/core/forms/flash.server";
import { type ActionResult, firstError } from "./action-result";

export const REQUEST_MESSAGES = {
  methodNotAllowed: "Operazione non consentita: questo indirizzo accetta solo l'invio di un modulo.",
  badRequest: "Richiesta non valida: invia il modulo dalla pagina.",
  tooLarge: "Il modulo inviato è troppo grande.",
} as const;

/** Text fields only: a form without a file never needs more. */
const FORM_MAX_BYTES = 16 * 1024;

/**
 * Who sent the request, decided one way for every action:
 * - "data": the router's own client (a fetcher, or a <Form> once scripts run)
 *   calls the route's `.data` URL and reads the result as data;
 * - "json": a script of ours asked for JSON (the photo upload, for its progress bar);
 * - "document": a plain form post by the browser, answered with a page or a redirect.
 */
export function requester(request: Request): "data" | "json" | "document" {
  if (new URL(request.url).pathname.endsWith(".data")) return "data";
  if ((request.headers.get("accept") ?? "").includes("application/json")) return "json";
  return "document";
}

/**
 * Answers an action, the one answer helper of every action. A fetcher gets the result as data (our
 * upload script as JSON); a plain form post gets a redirect to `redirectTo` with the message as a
 * flash toast (post/redirect/get: a reload does not post again), and so does every requester with
 * `redirectAlways`. Without `redirectTo` the page is rendered with the result (a form refused with
 * the values as typed, recovery codes to copy).
 */
export async function respond<T extends ActionResult>(
  request: Request,
  flash: FlashStore,
  result: T,
  options: {
    status?: number;
    redirectTo?: string;
    headers?: HeadersInit;
    /** The toast's look after the redirect; by default success or error as the result says. */
    flashKind?: "message";
    /** 303 (See Other) by default: the browser follows a POST's redirect with a GET. */
    redirectStatus?: 302 | 303;
    /**
     * Redirect whoever asked, a fetcher or a script too (the router follows it): for a change that
     * takes her to another page (signed in, signed out, a new password chosen).
     */
    redirectAlways?: boolean;
    /** A redirect without a toast: the next page says where she is (the sign-in's steps). */
    toast?: false;
  } = {},
) {
  const status = options.status ?? (result.ok ? 200 : 400);
  const headers = new Headers(options.headers);
  headers.set("Cache-Control", "no-store");
  const who = requester(request);
  const redirects = options.redirectTo !== undefined && (options.redirectAlways || who === "document");
  if (!redirects && who === "json") return Response.json(result, { status, headers });
  if (!redirects || !options.redirectTo) return data(result, { status, headers });
  if (options.toast === false) return redirect(options.redirectTo, { status: options.redirectStatus ?? 303, headers });
  const toast = { kind: options.flashKind ?? (result.ok ? "success" : "error"), message: result.message } as const;
  return redirectWithToast(request, flash, options.redirectTo, toast, {
    status: options.redirectStatus ?? 303,
    headers,
  });
}

/**
 * An action that failed unexpectedly: its status and headers for `respond`, logged once. While the
 * database cannot answer (stalled, restarting, every connection busy) 503 with Retry-After and a
 * warning now and then (decision 0044), as a page would get; otherwise 500 and an error. The route
 * answers with its own message and what was typed, so nothing is lost.
 */
export function failedAction(
  logger: Pick<Logger, "warn" | "error">,
  error: unknown,
  what: string,
  details: Record<string, unknown> = {},
): { status: 500 | 503; headers?: HeadersInit } {
  if (isDatabaseUnavailable(error)) {
    reportDatabaseUnavailable(logger, error);
    return { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } };
  }
  logger.error({ err: error, ...details }, what);
  return { status: 500 };
}

/**
 * A redirect whose next page shows `toast` (carried in the signed flash cookie, so also without
 * JavaScript), with any other headers given (cookies of its own, Cache-Control). 302 unless told.
 * Actions answer through `respond`; this is for what is no action's answer: the admin layout's
 * middleware sending an expired session's form post to the sign-in page (thrown).
 */
export async function redirectWithToast(
  request: Request,
  flash: FlashStore,
  to: string,
  toast: Flash,
  init: { status?: 302 | 303; headers?: HeadersInit } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flash.set(request, toast));
  return redirect(to, { status: init.status ?? 302, headers });
}

/** How much one form's body may hold; a number is `maxBytes` (the older call). */
export type FormLimits = number | { maxBytes?: number; maxFields?: number };

/**
 * The upload option of `readForm` (core/media's `imageUpload` fills it for an image): the file's cap,
 * with room for the text fields beside it, and the sentences its refusals say.
 */
export interface UploadLimits {
  /** The file's cap; the body may hold this and UPLOAD_OVERHEAD_BYTES more. */
  maxFileBytes: number;
  messages: { tooLarge: string; uploadFailed: string };
  /** Names the upload in the log ("photo upload") when its body is unreadable. */
  what: string;
  logger: Pick<Logger, "warn">;
}

/**
 * A form as read when its refusals are the route's to answer: the form, or the refusal (413 past the
 * cap, with the text fields that did arrive and whether a file was among them; 400 for a body no
 * form). An upload's is answered through `respond` as the form's own refusal (JSON for the upload
 * script, a toast for a plain post); a public form's is counted first (decision 47).
 */
export type FormRead =
  | { ok: true; form: FormData }
  | { ok: false; status: 400 | 413; message: string; arrived?: FormData; hadFile?: boolean };

/** Room for the text fields and multipart boundaries next to an uploaded file. */
export const UPLOAD_OVERHEAD_BYTES = 64 * 1024;

/**
 * The posted form, the one reader of every action (docs/architecture.md, "One pipeline for an
 * action"). A hostile or broken client gets an Italian refusal instead of a server error, thrown:
 * 405 for anything but POST, 400 for a body that is not a form (JSON, plain text, garbage), 413 past
 * `maxBytes` (or `maxFields`). With `upload` (a file up to its cap beside the text fields) or
 * `refusals: "returned"`, the 413 and the unreadable body's 400 come back as a `FormRead` instead,
 * in the upload's words or the Italian ones above.
 */
export async function readForm(request: Request, limits?: FormLimits): Promise<FormData>;
export async function readForm(
  request: Request,
  limits:
    | { maxFields?: number; upload: UploadLimits }
    | { maxBytes?: number; maxFields?: number; refusals: "returned" },
): Promise<FormRead>;
export async function readForm(
  request: Request,
  limits: number | { maxBytes?: number; maxFields?: number; upload?: UploadLimits; refusals?: "returned" } = {},
): Promise<FormData | FormRead> {
  const options = typeof limits === "number" ? { maxBytes: limits } : limits;
  const { maxFields, upload } = options;
  const maxBytes = upload ? upload.maxFileBytes + UPLOAD_OVERHEAD_BYTES : (options.maxBytes ?? FORM_MAX_BYTES);
  assertFormPost(request);
  let form: FormData;
  try {
    form = await readFormData(request, maxBytes, maxFields);
  } catch (error) {
    const tooLarge = error instanceof PayloadTooLargeError;
    if (!upload && !options.refusals) {
      if (tooLarge) throw data(REQUEST_MESSAGES.tooLarge, { status: 413 });
      throw data(REQUEST_MESSAGES.badRequest, { status: 400 });
    }
    if (tooLarge) {
      const message = upload?.messages.tooLarge ?? REQUEST_MESSAGES.tooLarge;
      return { ok: false, status: 413, message, arrived: error.fields, hadFile: error.hadFile };
    }
    upload?.logger.warn({ err: error }, `${upload.what}: unreadable form`);
    return { ok: false, status: 400, message: upload?.messages.uploadFailed ?? REQUEST_MESSAGES.badRequest };
  }
  return upload || options.refusals ? { ok: true, form } : form;
}

/** Throws the Italian 405 or 400 unless the request is a POST of a form (urlencoded or multipart). */
export function assertFormPost(request: Request): void {
  if (request.method !== "POST") {
    throw data(REQUEST_MESSAGES.methodNotAllowed, { status: 405, headers: { Allow: "POST" } });
  }
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    throw data(REQUEST_MESSAGES.badRequest, { status: 400 });
  }
}

/**
 * What a form refused by its schema answers: the first message (the toast, or the page's status
 * line) and Conform's reply, which puts every message next to its field and keeps the values as typed.
 */
export function refusal(
  submission: Submission<unknown>,
  fallback: string,
  /** Fields never sent back to the page (passwords). */
  hideFields?: string[],
): ActionResult {
  const error = submission.status === "error" ? submission.error : null;
  return { ok: false, message: firstError(error)?.[1] ?? fallback, reply: submission.reply({ hideFields }) };
}
