import type { SubmissionResult } from "@conform-to/react";
import type { Logger } from "pino";
import type { z } from "zod";
import type { ActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readUploadForm, refusedImageStatus, saveUploadedImage } from "~/core/media/image-upload.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { versionField } from "./content-fields";
import { type ContentGroup, type contentGroups, editorSchema, groupLabels } from "./editor-groups";
import { portraitUploadSchema } from "./form-schemas";
import { CONTENT_MESSAGES } from "./messages";
import type { SaveResult, SiteContentStore } from "./site-content.server";
import { type DayHours, MAX_STUDIOS, type SiteContent, weekdays } from "./site-content";
import { assignStudioKeys } from "./studio-keys";

const closedWeek = (): DayHours[] => weekdays.map((day) => ({ day, ranges: [] }));

/** Largest text form body accepted (a 100,000-character text still reaches the field check). */
export const MAX_CONTENT_FORM_BYTES = 512 * 1024;
/**
 * Fields the hours form sends at most: per day of each week (every studio's and the online visits')
 * the day, "closed" and four times; each studio's key; the version. Past the usual cap of 100 from
 * two studios on; every other form stays under it.
 */
export const MAX_HOURS_FORM_FIELDS = (MAX_STUDIOS + 1) * 7 * 6 + MAX_STUDIOS + 1;

/** The upload form sends the version the screen was loaded from next to the image. */
const portraitUploadFormSchema = portraitUploadSchema.extend({ version: versionField });

type GroupValue<G extends ContentGroup> = z.output<(typeof contentGroups)[G]>;

/** The content with one form's values in place; what the form does not edit stays as it was. */
export function applyGroup<G extends ContentGroup>(content: SiteContent, group: G, value: GroupValue<G>): SiteContent {
  const next = structuredClone(content);
  switch (group) {
    case "servizi": {
      const { services } = value as GroupValue<"servizi">;
      // The six cards keep their anchors whatever their titles become.
      next.services = services.map((service, i) => ({ ...service, id: content.services[i]!.id }));
      return next;
    }
    case "studi": {
      const { studios } = value as GroupValue<"studi">;
      // A studio sent without a key under the name of one the form no longer lists is that studio
      // (a page loaded before studios had keys, or removed and added again): it keeps its key.
      const claimed = new Set(studios.flatMap((studio) => (studio.key ? [studio.key] : [])));
      const named = studios.map((studio) => {
        if (studio.key) return studio;
        const same = content.studios.find((s) => s.name === studio.name && !claimed.has(s.key));
        if (same) claimed.add(same.key);
        return same ? { ...studio, key: same.key } : studio;
      });
      const keys = assignStudioKeys([...content.studios.map(({ key }) => ({ key, name: "" })), ...named]).slice(
        content.studios.length,
      );
      next.studios = studios.map((studio, i) => {
        const key = keys[i]!;
        // A studio keeps its hours whatever it is renamed to. A new one starts closed every day: booking
        // then offers no time there that she has not chosen herself; she sets its week on the hours screen.
        const hours = content.studios.find((s) => s.key === key)?.hours ?? closedWeek();
        return { ...studio, key, hours: structuredClone(hours) };
      });
      return next;
    }
    case "orari": {
      const { studios, onlineHours } = value as GroupValue<"orari">;
      // By key: a studio the form does not list keeps its hours (the version check refuses a stale form).
      next.studios = next.studios.map((studio) => ({
        ...studio,
        hours: studios.find((s) => s.key === studio.key)?.hours ?? studio.hours,
      }));
      next.onlineHours = onlineHours;
      return next;
    }
    case "ritratto": {
      const { portrait } = value as GroupValue<"ritratto">;
      next.portrait = { ...content.portrait, ...portrait };
      return next;
    }
    default:
      return { ...next, ...(value as Partial<SiteContent>) };
  }
}

/** Publishes one form's values on top of the version the form was loaded from. */
export async function publishGroup<G extends ContentGroup>(
  s: { siteContent: SiteContentStore },
  group: G,
  value: GroupValue<G>,
  baseVersion: number,
): Promise<SaveResult> {
  const { content } = await s.siteContent.current();
  return s.siteContent.save(baseVersion, groupLabels[group], applyGroup(content, group, value));
}

/**
 * What one editor form's post came to: `message` null for a list button (add, remove, move a
 * studio), which saves nothing and answers the form updated; otherwise saved, or refused with the
 * messages next to each field (`status` 400), or refused because another save came first (409).
 */
export type ContentGroupResult =
  | { ok: true; message: null; reply: SubmissionResult<string[]> }
  | (ActionResult & { reply: SubmissionResult<string[]>; status: 200 | 400 | 409 });

/**
 * One editor form: validated with the form's schema (the browser ran the same one), then published
 * on top of the version the form was loaded from.
 */
export async function saveContentGroup(
  s: { siteContent: SiteContentStore; logger: Logger },
  group: ContentGroup,
  form: FormData,
): Promise<ContentGroupResult> {
  const submission = parseSubmission(form, editorSchema(group), { disableAutoCoercion: true });
  if (submission.status === undefined) return { ok: true, message: null, reply: submission.reply() };
  if (submission.status !== "success") {
    // A version out of range is no field she can correct: the page is what needs reloading.
    const message = submission.error?.version ? CONTENT_MESSAGES.staleForm : CONTENT_MESSAGES.invalid;
    return { ok: false, status: 400, message, reply: submission.reply() };
  }
  const { version, ...value } = submission.value;
  const result = await publishGroup(s, group, value as never, version);
  if (!result.ok) {
    const reply = submission.reply({ formErrors: [CONTENT_MESSAGES.conflict] });
    return { ok: false, status: 409, message: CONTENT_MESSAGES.conflictShort, reply };
  }
  if (result.unchanged)
    return { ok: true, status: 200, message: CONTENT_MESSAGES.unchanged, reply: submission.reply() };
  s.logger.info({ group, version: result.published.version }, "site content published");
  return { ok: true, status: 200, message: CONTENT_MESSAGES.saved, reply: submission.reply() };
}

/** A portrait form's answer: published (200), refused as a conflict or with nothing to remove (409), or the upload's refusal. */
type PortraitResult = ActionResult & { status: number };

const what = "portrait upload";

/**
 * Reads the portrait upload (≤ 10 MB, decoded, re-encoded and stripped by the image pipeline) and
 * publishes it. The previous photo's files stay: older versions point to them and can be restored.
 */
export async function uploadPortrait(
  s: { siteContent: SiteContentStore; media: MediaStorage; logger: Logger },
  request: Request,
): Promise<PortraitResult> {
  const read = await readUploadForm(s, request, { what });
  if (!read.ok) return { ok: false, status: read.status, message: read.message };
  const picked = parseSubmission(read.form, portraitUploadFormSchema);
  if (picked.status !== "success") {
    const message = picked.error?.image?.[0];
    if (!message) return { ok: false, status: 400, message: CONTENT_MESSAGES.staleForm };
    return { ok: false, status: refusedImageStatus(message), message };
  }
  const { image: file, version: baseVersion } = picked.value;

  let stored: Awaited<ReturnType<typeof saveUploadedImage<SaveResult>>>;
  try {
    stored = await saveUploadedImage(
      s,
      { what, prefix: "site", file },
      async (image) => {
        const { content } = await s.siteContent.current();
        return s.siteContent.save(baseVersion, "Ritratto caricato", {
          ...content,
          portrait: { ...content.portrait, image },
        });
      },
      // Refused: no version points at the new files.
      (result) => result.ok,
    );
  } catch (error) {
    s.logger.error({ err: error }, "portrait upload: saving the version failed");
    return { ok: false, status: 500, message: CONTENT_MESSAGES.failed };
  }
  if (!stored.ok) return stored;
  if (!stored.saved.ok) return { ok: false, status: 409, message: CONTENT_MESSAGES.conflictShort };
  return { ok: true, status: 200, message: CONTENT_MESSAGES.portraitSaved };
}

/** Back to the bundled illustration (the photo's files stay for older versions). */
export async function removePortrait(
  s: { siteContent: SiteContentStore },
  baseVersion: number,
): Promise<PortraitResult> {
  const { content } = await s.siteContent.current();
  if (!content.portrait.image) return { ok: false, status: 409, message: CONTENT_MESSAGES.portraitMissing };
  const result = await s.siteContent.save(baseVersion, "Ritratto rimosso", {
    ...content,
    portrait: { ...content.portrait, image: null },
  });
  if (!result.ok) return { ok: false, status: 409, message: CONTENT_MESSAGES.conflictShort };
  return { ok: true, status: 200, message: CONTENT_MESSAGES.portraitRemoved };
}
