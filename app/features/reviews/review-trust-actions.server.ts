import type { Logger } from "pino";
import type { AppConfig } from "~/core/config/env.server";
import type { EventBus } from "~/core/events/event-bus.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import type { InvitationRepository } from "./review-invitations.server";
import type { ReportRepository } from "./review-reports.server";
import type { ReviewRepository } from "./reviews.server";
import { invitationLink, invitationMessage, invitationQrPng } from "./invitation-share.server";
import { INVITATION_MESSAGES, REPLY_MESSAGES, REPORT_ADMIN_MESSAGES } from "./messages";
import { deleteStoredImage } from "~/core/media/image-pipeline.server";

/** Where the practitioner's name comes from (the site content, kept by its own feature). */
type PractitionerSource = { current(): Promise<{ content: { practitioner: { name: string } } }> };

/** Open pages are told of each change through these. */
type Announcer = { bus: EventBus; logger: Logger };

type Outcome = { ok: true; message: string } | { ok: false; message: string; status: 400 | 404 };

/** Open pages showing reviews refresh; the page cache drops what it holds. */
async function announce(s: Announcer, id: string, action: "update" | "delete" = "update") {
  try {
    await s.bus.publish({ table: "reviews", action, id });
  } catch (error) {
    s.logger.error({ err: error, id }, "could not publish review change");
  }
}

export async function saveReply(
  s: Announcer & { reviews: ReviewRepository },
  input: { reviewId: string; content: string },
): Promise<Outcome> {
  const reply = await s.reviews.setReply(input.reviewId, input.content);
  if (!reply) return { ok: false, status: 404, message: REPLY_MESSAGES.notFound };
  await announce(s, input.reviewId);
  return { ok: true, message: REPLY_MESSAGES.saved };
}

export async function removeReply(s: Announcer & { reviews: ReviewRepository }, reviewId: string): Promise<Outcome> {
  if (!(await s.reviews.removeReply(reviewId))) return { ok: false, status: 404, message: REPLY_MESSAGES.notFound };
  await announce(s, reviewId);
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

export async function revokeInvitation(s: { invitations: InvitationRepository }, id: string): Promise<Outcome> {
  return (await s.invitations.revoke(id))
    ? { ok: true, message: INVITATION_MESSAGES.revoked }
    : { ok: false, status: 400, message: INVITATION_MESSAGES.notRevocable };
}

export async function dismissReports(s: { reports: ReportRepository }, reviewId: string): Promise<Outcome> {
  await s.reports.resolveAll(reviewId);
  return { ok: true, message: REPORT_ADMIN_MESSAGES.dismissed };
}

export async function hideReportedReview(
  s: Announcer & { reviews: ReviewRepository; reports: ReportRepository },
  reviewId: string,
): Promise<Outcome> {
  const review = await s.reviews.setStatus(reviewId, "hidden");
  if (!review) return { ok: false, status: 404, message: REPORT_ADMIN_MESSAGES.notFound };
  await s.reports.resolveAll(reviewId);
  await announce(s, reviewId);
  return { ok: true, message: REPORT_ADMIN_MESSAGES.hidden };
}

export async function deleteReportedReview(
  s: Announcer & { reviews: ReviewRepository; media: MediaStorage },
  reviewId: string,
): Promise<Outcome> {
  const review = await s.reviews.delete(reviewId);
  if (!review) return { ok: false, status: 404, message: REPORT_ADMIN_MESSAGES.notFound };
  await deleteStoredImage(s.media, review.image);
  await announce(s, reviewId, "delete");
  return { ok: true, message: REPORT_ADMIN_MESSAGES.deleted };
}
