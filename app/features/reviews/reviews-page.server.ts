import type { Logger } from "pino";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { INVITATION_LINK_MESSAGES } from "./messages";
import { sentMessage } from "./review-answer";
import { parseReviewFilter } from "./review-filter";
import { invitationState, type InvitationRepository } from "./review-invitations.server";
import type { ReviewListPage } from "./review-list";
import { decodeReviewCursor, encodeReviewCursor } from "./review-cursor.server";
import { toReviewView } from "./review-view.server";
import type { ReviewRepository, ReviewSummary } from "./reviews.server";

/** Reviews per page: the first is in the HTML, more come with "Carica altre". */
export const REVIEWS_PAGE_SIZE = 10;

/**
 * A valid invitation's token (the form sends it back) with the first name the form suggests (the
 * field's hint says a first name is enough), or why the link cannot be used.
 */
export type InvitationOnPage = { token: string; firstName: string | null } | { message: string } | null;

/**
 * What the public reviews page shows for its address: a page of the published reviews (after
 * `?dopo=`, filtered by `?voto=` and `?verificate=`), their totals, and the invitation in
 * `?invito=`. A failed read shows the empty list and is logged: the form still works.
 */
export async function readReviewsPage(
  deps: { reviews: ReviewRepository; invitations: InvitationRepository; media: MediaStorage; logger: Logger },
  params: URLSearchParams,
  /** Signs the practitioner's replies. */
  practitionerName: string,
) {
  const after = decodeReviewCursor(params.get("dopo"));
  const filter = parseReviewFilter(params);
  let page: ReviewListPage = { reviews: [], nextCursor: null };
  let summary: ReviewSummary = { count: 0, average: null, byRating: [0, 0, 0, 0, 0], verified: 0 };
  try {
    const [rows, totals] = await Promise.all([
      deps.reviews.listPage({ status: "published", limit: REVIEWS_PAGE_SIZE, after, filter }),
      deps.reviews.summary(),
    ]);
    page = {
      reviews: rows.reviews.map((row) => toReviewView(deps.media, row, practitionerName)),
      nextCursor: rows.nextCursor ? encodeReviewCursor(rows.nextCursor) : null,
    };
    summary = totals;
  } catch (error) {
    deps.logger.error({ err: error }, "reading reviews failed");
  }
  return {
    page,
    summary,
    filter,
    invitation: await readInvitation(deps, params.get("invito")),
    /** After a review sent without JavaScript: what became of it, shown in the form's place. */
    sent: sentMessage(params.get("inviata")),
    /** Reached through a "Carica altre" link without JavaScript. */
    laterPage: after !== null,
  };
}

async function readInvitation(
  deps: { invitations: InvitationRepository; logger: Logger },
  token: string | null,
): Promise<InvitationOnPage> {
  if (token === null) return null;
  try {
    const found = await deps.invitations.find(token);
    const state = invitationState(found);
    return state === "valid"
      ? { token, firstName: found!.patientName?.trim().split(/\s+/)[0] || null }
      : { message: INVITATION_LINK_MESSAGES[state] };
  } catch (error) {
    deps.logger.error({ err: error }, "reading an invitation failed");
    return { message: INVITATION_LINK_MESSAGES.unknown };
  }
}
