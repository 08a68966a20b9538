import type { AppConfig } from "~/core/config/env.server";
import type { ActionResult } from "~/core/forms/action-result";
import type { MediaStorage } from "~/core/media/media-storage.server";
import type { InvitationRepository } from "./review-invitations.server";
import type { ReportRepository } from "./review-reports.server";
import type { ReviewRepository } from "./reviews.server";
import { invitationLink, invitationMessage, invitationQrPng } from "./invitation-share.server";
import { INVITATION_MESSAGES } from "./messages";
import { REPLY_MESSAGES } from "./moderation-messages";
import { REPORT_ADMIN_MESSAGES } from "./moderation-messages";
import { REVIEW_MESSAGES } from "./moderation-messages";
import type { ReviewCardInput } from "./moderation";
import { deleteStoredImage } from "~/core/media/image-pipeline.server";

/** Where the practitioner's name comes from (the site content, kept by its own feature). */
type PractitionerSource = { current(): Promise<{ content: { practitioner: { name: string } } }> };

/** What a practitioner's action on a review answers; a refusal carries its HTTP status. */
export type ReviewAdminResult = ActionResult & { status?: 400 | 404 };

/** Moderation on the panel: publish (or approve) or hide a review, or delete it with its photo. */
export async function moderateReview(
  s: { reviews: ReviewRepository; media: MediaStorage },
  input:
    | { intent: "review-status"; id: string; status: "published" | "hidden" }
    | { intent: "delete-review"; id: string },
): Promise<ReviewAdminResult> {
  const notFound = { ok: false, status: 404, message: REVIEW_MESSAGES.notFound } as const;
  if (input.intent === "review-status") {
    const before = await s.reviews.get(input.id);
    const row = before && (await s.reviews.setStatus(input.id, input.status));
    if (!row) return notFound;
    const message =
      input.status === "hidden"
        ? REVIEW_MESSAGES.hidden
        : before.status === "pending"
          ? REVIEW_MESSAGES.approved
          : REVIEW_MESSAGES.published;
    return { ok: true, message };
  }
  const row = await s.reviews.delete(input.id);
  if (!row) return notFound;
  await deleteStoredImage(s.media, row.image);
  return { ok: true, message: REVIEW_MESSAGES.deleted };
}

export async function saveReply(
  s: { reviews: ReviewRepository },
  input: { reviewId: string; content: string },
): Promise<ReviewAdminResult> {
  const reply = await s.reviews.setReply(input.reviewId, input.content);
  if (!reply) return { ok: false, status: 404, message: REPLY_MESSAGES.notFound };
  return { ok: true, message: REPLY_MESSAGES.saved };
}

export async function removeReply(s: { reviews: ReviewRepository }, reviewId: string): Promise<ReviewAdminResult> {
  if (!(await s.reviews.removeReply(reviewId))) return { ok: false, status: 404, message: REPLY_MESSAGES.notFound };
  return { ok: true, message: REPLY_MESSAGES.removed };
}

export interface CreatedInvitation {
  link: string;
  message: string;
  qrPng: string;
  expiresAt: string;
}

export async function createInvitation(
  s: {
    invitations: InvitationRepository;
    config: Pick<AppConfig, "siteUrl" | "reviewInvitationDays">;
    siteContent: PractitionerSource;
  },
  input: { note?: string; patientName?: string },
): Promise<CreatedInvitation> {
  const validDays = s.config.reviewInvitationDays;
  const { token, invitation } = await s.invitations.create({ ...input, validDays });
  const link = invitationLink(s.config.siteUrl, token);
  return {
    link,
    message: invitationMessage(link, {
      practitionerName: (await s.siteContent.current()).content.practitioner.name,
      patientName: invitation.patientName,
      validDays,
    }),
    qrPng: await invitationQrPng(link),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

export async function revokeInvitation(
  s: { invitations: InvitationRepository },
  id: string,
): Promise<ReviewAdminResult> {
  return (await s.invitations.revoke(id))
    ? { ok: true, message: INVITATION_MESSAGES.revoked }
    : { ok: false, status: 400, message: INVITATION_MESSAGES.notRevocable };
}

export async function dismissReports(s: { reports: ReportRepository }, reviewId: string): Promise<ReviewAdminResult> {
  await s.reports.resolveAll(reviewId);
  return { ok: true, message: REPORT_ADMIN_MESSAGES.dismissed };
}

export async function hideReportedReview(
  s: { reviews: ReviewRepository; reports: ReportRepository },
  reviewId: string,
): Promise<ReviewAdminResult> {
  // Hidden and its reports closed together: an open page refreshed by the change never sees one without the other.
  const review = await s.reviews.setStatus(reviewId, "hidden", (_, tx) => s.reports.resolveAll(reviewId, tx));
  if (!review) return { ok: false, status: 404, message: REPORT_ADMIN_MESSAGES.notFound };
  return { ok: true, message: REPORT_ADMIN_MESSAGES.hidden };
}

export async function deleteReportedReview(
  s: { reviews: ReviewRepository; media: MediaStorage },
  reviewId: string,
): Promise<ReviewAdminResult> {
  const review = await s.reviews.delete(reviewId);
  if (!review) return { ok: false, status: 404, message: REPORT_ADMIN_MESSAGES.notFound };
  await deleteStoredImage(s.media, review.image);
  return { ok: true, message: REPORT_ADMIN_MESSAGES.deleted };
}

/** Any action of the admin's review card, each done the one way it is done everywhere. */
export async function actOnReview(
  s: { reviews: ReviewRepository; reports: ReportRepository; media: MediaStorage },
  input: ReviewCardInput,
): Promise<ReviewAdminResult> {
  switch (input.intent) {
    case "review-status":
    case "delete-review":
      return moderateReview(s, input);
    case "hide-reported":
      return hideReportedReview(s, input.id);
    case "dismiss-reports":
      return dismissReports(s, input.id);
    case "reply-save":
      return saveReply(s, input);
    case "reply-remove":
      return removeReply(s, input.reviewId);
  }
}
