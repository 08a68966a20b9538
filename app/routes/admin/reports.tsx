import { data } from "react-router";
import type { Route } from "./+types/reports";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { MailStatus, readMailStatus } from "~/ui/admin/mail-status";
import type { LiveHandle } from "~/ui/live-updates";
import { pageMeta } from "~/features/site-content/meta";
import { REPORT_ADMIN_MESSAGES } from "~/features/reviews/moderation-messages";
import { AdminReviewCard } from "~/features/reviews/admin-review-card";
import { toAdminReviewViews } from "~/features/reviews/admin-review-views.server";
import { servicesContext } from "~/context";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Segnalazioni", "Recensioni segnalate dai visitatori.", { noindex: true });

export const handle: LiveHandle = { liveTables: ["reviews"] };

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const practitionerName = (await s.siteContent.current()).content.practitioner.name;
  const [queue, mail] = await Promise.all([s.reports.openQueue(), readMailStatus(s.mailer)]);
  const replies = await s.reviews.replies(queue.map((q) => q.review.id));
  const reviews = queue.map(({ review }) => {
    const reply = replies.get(review.id);
    return { ...review, reply: reply ? { content: reply.content, updatedAt: reply.updatedAt } : null };
  });
  return data({ mail, queue: await toAdminReviewViews(s, reviews, practitionerName) });
}

/** The reported reviews, the most reported first: the same card as the panel's, every action on it. */
export default function AdminReports({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="admin__title">Segnalazioni</h1>
      <MailStatus status={loaderData.mail} />
      <p className="admin-section__lead">
        Recensioni segnalate dai visitatori, le più segnalate per prime. Chi segnala resta anonimo.
      </p>
      {loaderData.queue.length === 0 ? (
        <p className="admin-empty">{REPORT_ADMIN_MESSAGES.empty}</p>
      ) : (
        <ol className="admin-reports">
          {loaderData.queue.map((item) => (
            <AdminReviewCard
              key={item.review.id}
              item={item}
              page="/admin/segnalazioni"
              headingLevel={2}
              className="admin-reports__item"
            />
          ))}
        </ol>
      )}
    </>
  );
}
