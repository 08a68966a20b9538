import type { Logger } from "pino";
import type { z } from "zod";
import { imageUpload, saveUploadedImage, type UploadRefusal } from "~/core/media/image-upload.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { type Result, refused, succeeded } from "~/core/result";
import { type ContentGroup, type contentGroups, type editorSchema, groupLabels } from "./editor-groups";
import type { SaveResult, SiteContentStore } from "./site-content.server";
import { type DayHours, MAX_STUDIOS, type SiteContent, weekdays } from "./site-content";
import { assignServiceIds } from "./service-ids";
import { assignStudioKeys } from "./studio-keys";

const closedWeek = (): DayHours[] => weekdays.map((day) => ({ day, ranges: [] }));

/** Largest text form body accepted (a 100,000-character text still reaches the field check). */
export const MAX_CONTENT_FORM_BYTES = 512 * 1024;
/**
 * Fields the hours form sends at most: per day of each week (every studio's and the online visits')
 * the day, "closed" and four times; each studio's key; the version. Past the usual cap of 100 from
 * two studios on; every other form stays under it.
 */
// Six fields a day, a key a studio, the version, and a button's (a preset's intent, or the copy).
export const MAX_HOURS_FORM_FIELDS = (MAX_STUDIOS + 1) * 7 * 6 + MAX_STUDIOS + 2;

type GroupValue<G extends ContentGroup> = z.output<(typeof contentGroups)[G]>;

/** The content with one form's values in place; what the form does not edit stays as it was. */
export function applyGroup<G extends ContentGroup>(content: SiteContent, group: G, value: GroupValue<G>): SiteContent {
  const next = structuredClone(content);
  switch (group) {
    case "servizi": {
      const { services } = value as GroupValue<"servizi">;
      // Each card keeps its anchor whatever its title becomes and wherever it moves.
      const ids = assignServiceIds(services, content.services);
      next.services = services.map((service, i) => ({ ...service, id: ids[i]! }));
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

/** A form's value as its schema parses it, without the version it was loaded from. */
export type EditorValue<G extends ContentGroup> = Omit<z.output<ReturnType<typeof editorSchema<G>>>, "version">;

/**
 * One editor form's value (parsed by the route with the form's schema, as the browser checked it),
 * published on top of the version the form was loaded from: published (or `unchanged`, the site is
 * already so), or refused because another save came first ("conflict").
 */
export async function saveContentGroup<G extends ContentGroup>(
  s: { siteContent: SiteContentStore; logger: Logger },
  group: G,
  value: EditorValue<G>,
  baseVersion: number,
): Promise<Result<{ unchanged: boolean }, "conflict">> {
  const result = await publishGroup(s, group, value as never, baseVersion);
  if (!result.ok) return refused("conflict");
  if (result.value.unchanged) return succeeded({ unchanged: true });
  s.logger.info({ group, version: result.value.published.version }, "site content published");
  return succeeded({ unchanged: false });
}

/** Why a portrait was not changed: another save came first, no portrait to remove, the image refused, saving failed. */
export type PortraitRefusal = "conflict" | "missing" | "image" | "failed";

const what = "portrait upload";

/** The upload option of `readForm` for the portrait (≤ 10 MB). */
export const portraitUpload = (s: { logger: Logger }) => imageUpload(s, { what });

/**
 * Publishes the uploaded portrait (decoded, re-encoded and stripped by the image pipeline). The
 * previous photo's files stay: older versions point to them and can be restored. An image the
 * pipeline refuses is "image", with the upload's own refusal (core/media) as detail.
 */
export async function uploadPortrait(
  s: { siteContent: SiteContentStore; media: MediaStorage; logger: Logger },
  input: { file: File; baseVersion: number },
): Promise<Result<undefined, PortraitRefusal, UploadRefusal>> {
  let stored: Awaited<ReturnType<typeof saveUploadedImage<SaveResult>>>;
  try {
    stored = await saveUploadedImage(
      s,
      { what, prefix: "site", file: input.file },
      async (image) => {
        const { content } = await s.siteContent.current();
        return s.siteContent.save(input.baseVersion, "Ritratto caricato", {
          ...content,
          portrait: { ...content.portrait, image },
        });
      },
      // Refused: no version points at the new files.
      (result) => result.ok,
    );
  } catch (error) {
    s.logger.error({ err: error }, "portrait upload: saving the version failed");
    return refused("failed");
  }
  if (!stored.ok) return refused("image", stored);
  if (!stored.saved.ok) return refused("conflict");
  return succeeded();
}

/** Back to the bundled illustration (the photo's files stay for older versions). */
export async function removePortrait(
  s: { siteContent: SiteContentStore },
  baseVersion: number,
): Promise<Result<undefined, "missing" | "conflict", never>> {
  const { content } = await s.siteContent.current();
  if (!content.portrait.image) return refused("missing");
  const result = await s.siteContent.save(baseVersion, "Ritratto rimosso", {
    ...content,
    portrait: { ...content.portrait, image: null },
  });
  return result.ok ? succeeded() : refused("conflict");
}
