import { data, Link } from "react-router";
import type { Route } from "./+types/replies";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { formatCount } from "~/core/format/italian-format";
import type { LiveHandle } from "~/ui/live-updates";
import { pageMeta } from "~/features/site-content/meta";
import { REPLY_MAX_LENGTH } from "~/features/reviews/messages";
import { AdminReviewCard } from "~/features/reviews/admin-review-card";
import { toAdminReviewViews } from "~/features/reviews/admin-review-views.server";
import { servicesContext } from "~/context";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Risposte alle recensioni", "Le risposte pubbliche dello studio alle recensioni.", { noindex: true });

export const handle: LiveHandle = { liveTables: ["reviews"] };

const PAGE = 20;
const MAX = 500;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const practitionerName = (await s.siteContent.current()).content.practitioner.name;
  const limit = Math.min(
    MAX,
    Math.max(PAGE, Number.parseInt(new URL(request.url).searchParams.get("n") ?? "", 10) || PAGE),
  );
  const page = await s.reviews.listPage({ limit });
  return data({
    reviews: await toAdminReviewViews(s, page.reviews, practitionerName),
    more: page.nextCursor ? limit + PAGE : null,
  });
}

/** The reviews with their reply form open: the same card as the panel's, every action on it. */
export default function AdminReplies({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="admin__title">Risposte alle recensioni</h1>
      <p className="admin-section__lead">
        Una risposta per recensione, visibile a tutti sotto la recensione come «Risposta di …». Solo testo, al massimo{" "}
        {formatCount(REPLY_MAX_LENGTH)} caratteri.
      </p>
      {loaderData.reviews.length === 0 ? (
        <p className="admin-empty">Nessuna recensione ricevuta finora.</p>
      ) : (
        <ol className="admin-replies">
          {loaderData.reviews.map((item) => (
            <AdminReviewCard
              key={item.review.id}
              item={item}
              page="/admin/risposte"
              headingLevel={2}
              replyOpen
              className="admin-replies__item"
            />
          ))}
        </ol>
      )}
      {loaderData.more ? (
        <Link to={`/admin/risposte?n=${loaderData.more}`} className="button button--secondary" preventScrollReset>
          Mostra altre recensioni
        </Link>
      ) : null}
    </>
  );
}
