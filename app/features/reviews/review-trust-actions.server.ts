import type { AppConfig } from "~/core/config/env.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import type { InvitationRepository } from "./review-invitations.server";
import type { ReportRepository } from "./review-reports.server";
import type { ReviewRepository } from "./reviews.server";
import { invitationLink, invitationMessage, invitationQrPng } from "./invitation-share.server";
import type { ReviewCardInput } from "./moderation";
import type { ReviewCardOutcome } from "./moderation-messages";
import { deleteStoredImage } from "~/core/media/image-pipeline.server";
import { refused, type Result, succeeded } from "~/core/result";

/** Where the practitioner's name comes from (the site content, kept by its own feature). */
type PractitionerSource = { current(): Promise<{ content: { practitioner: { name: string } } }> };

/** What a practitioner's action on a review came to (REVIEW_CARD_MESSAGES says each), or that the review is gone. */
export type ReviewCardResult = Result<ReviewCardOutcome, "notFound">;

/** Moderation on the panel: publish (or approve) or hide a review, or delete it with its photo. */
export async function moderateReview(
  s: { reviews: ReviewRepository; media: MediaStorage },
  input:
    | { intent: "review-status"; id: string; status: "published" | "hidden" }
    | { intent: "delete-review"; id: string },
): Promise<ReviewCardResult> {
  if (input.intent === "review-status") {
    const before = await s.reviews.get(input.id);
    const row = before && (await s.reviews.setStatus(input.id, input.status));
    if (!row) return refused("notFound");
    return succeeded(input.status === "hidden" ? "hidden" : before.status === "pending" ? "approved" : "published");
  }
  const row = await s.reviews.delete(input.id);
  if (!row) return refused("notFound");
  await deleteStoredImage(s.media, row.image);
  return succeeded("deleted");
}

export async function saveReply(
  s: { reviews: ReviewRepository },
  input: { reviewId: string; content: string },
): Promise<ReviewCardResult> {
  const reply = await s.reviews.setReply(input.reviewId, input.content);
  return reply ? succeeded("replySaved") : refused("notFound");
}

export async function removeReply(s: { reviews: ReviewRepository }, reviewId: string): Promise<ReviewCardResult> {
  return (await s.reviews.removeReply(reviewId)) ? succeeded("replyRemoved") : refused("notFound");
}

export interface CreatedInvitation {
  link: string;
  message: string;
  qrPng: string;
  expiresAt: string;
}

/** A new invitation to review; it is never refused. */
export async function createInvitation(
  s: {
    invitations: InvitationRepository;
    config: Pick<AppConfig, "siteUrl" | "reviewInvitationDays">;
    siteContent: PractitionerSource;
  },
  input: { note?: string; patientName?: string },
): Promise<{ ok: true; value: CreatedInvitation }> {
  const validDays = s.config.reviewInvitationDays;
  const { token, invitation } = await s.invitations.create({ ...input, validDays });
  const link = invitationLink(s.config.siteUrl, token);
  return succeeded({
    link,
    message: invitationMessage(link, {
      practitionerName: (await s.siteContent.current()).content.practitioner.name,
      patientName: invitation.patientName,
      validDays,
    }),
    qrPng: await invitationQrPng(link),
    expiresAt: invitation.expiresAt.toISOString(),
  });
}

/** Refused when the invitation was used or revoked already. */
export async function revokeInvitation(
  s: { invitations: InvitationRepository },
  id: string,
): Promise<Result<undefined, "notRevocable">> {
  return (await s.invitations.revoke(id)) ? succeeded() : refused("notRevocable");
}

export async function dismissReports(s: { reports: ReportRepository }, reviewId: string): Promise<ReviewCardResult> {
  await s.reports.resolveAll(reviewId);
  return succeeded("reportsDismissed");
}

export async function hideReportedReview(
  s: { reviews: ReviewRepository; reports: ReportRepository },
  reviewId: string,
): Promise<ReviewCardResult> {
  // Hidden and its reports closed together: an open page refreshed by the change never sees one without the other.
  const review = await s.reviews.setStatus(reviewId, "hidden", (_, tx) => s.reports.resolveAll(reviewId, tx));
  return review ? succeeded("reportedHidden") : refused("notFound");
}

export async function deleteReportedReview(
  s: { reviews: ReviewRepository; media: MediaStorage },
  reviewId: string,
): Promise<ReviewCardResult> {
  const review = await s.reviews.delete(reviewId);
  if (!review) return refused("notFound");
  await deleteStoredImage(s.media, review.image);
  return succeeded("reportedDeleted");
}

/** Any action of the admin's review card, each done the one way it is done everywhere. */
export async function actOnReview(
  s: { reviews: ReviewRepository; reports: ReportRepository; media: MediaStorage },
  input: ReviewCardInput,
): Promise<ReviewCardResult> {
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
