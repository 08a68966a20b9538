import { data, Form } from "react-router";
import { formatCount } from "~/core/format/italian-format";
import { countOf, pluralForm } from "~/core/format/plural";
import type { Route } from "./+types/newsletter";
import { servicesContext } from "~/context";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { formatItalianDateTime } from "~/core/format/italian-format";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { CONSENT_MAX } from "~/features/newsletter/consent";
import { NEWSLETTER_MESSAGES as M } from "~/features/newsletter/messages";
import { sendTestNewsletter, startNewsletter } from "~/features/newsletter/newsletter-actions.server";
import { imagesMailable, mailImageBase } from "~/features/newsletter/newsletter-mails";
import { uploadArticleImageFromEditor } from "~/features/articles/image-upload-client";
import { toPublicImage } from "~/core/media/image-pipeline.server";
import { NewsletterEditor } from "~/features/newsletter/newsletter-editor";
import { newsletterAdminSchema } from "~/features/newsletter/newsletter-schema";
import { pageMeta } from "~/features/site-content/meta";
import { documentImageIds, EMPTY_DOCUMENT, type Block, type RichTextDocument } from "~/ui/rich-text/document";
import { RichTextBody } from "~/ui/rich-text/body";
import newsletterStyles from "~/styles/newsletter.css?url";
import { Stylesheet } from "~/ui/stylesheet";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Newsletter", "Gli iscritti alla newsletter, la prossima newsletter, il suo invio.", {
    noindex: true,
  });

const PATH = "/admin/newsletter";
/** The body's JSON (64 KB at most, a field's cap) and the subject. */
const MAX_FORM_BYTES = 80 * 1024;

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const [counts, consentText, draft, sent, outbox] = await Promise.all([
    s.newsletter.counts(),
    s.newsletter.consentText(),
    s.newsletter.draft(),
    s.newsletter.sent(5),
    s.mailer.status(),
  ]);
  return data({
    counts,
    consentText,
    mailEnabled: s.mailer.enabled,
    draft: draft
      ? {
          id: draft.id,
          subject: draft.subject,
          body: draft.body,
          images: Object.fromEntries(
            Object.entries(draft.images).map(([id, image]) => [id, toPublicImage(s.media, image)]),
          ),
          // Images that no mail could show: said in the preview, and the send refuses.
          imagesUnmailable: !imagesMailable(draft.body, mailImageBase(s.config.siteUrl, s.config.siteUrlConfigured)),
        }
      : null,
    sent: sent.map((campaign) => ({
      id: campaign.id,
      subject: campaign.subject,
      startedAt: formatItalianDateTime(campaign.startedAt!.toISOString()),
      total: campaign.total ?? 0,
      queued: campaign.queued,
      finished: campaign.finishedAt !== null,
    })),
    waiting: outbox.waiting,
  });
}

/** A list item linking to a page of the site: "the new articles and recipes" draft. */
const linkItem = (title: string, url: string): Block => ({
  type: "bulletList",
  content: [
    {
      type: "listItem",
      content: [
        {
          type: "paragraph",
          content: [{ type: "text", text: title, marks: [{ type: "link", attrs: { href: url } }] }],
        },
      ],
    },
  ],
});

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const s = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request, MAX_FORM_BYTES), newsletterAdminSchema);
  if (submission.status !== "success")
    return respond(request, s.flash, refusal(submission, M.adminInvalid), { status: 400 });
  const value = submission.value;
  const answer = (result: ActionResult, status = result.ok ? 200 : 409) =>
    respond(request, s.flash, result, { status, redirectTo: PATH });
  try {
    switch (value.intent) {
      case "consent":
        await s.newsletter.saveConsentText(value.consentText);
        return answer({ ok: true, message: M.consentSaved });
      case "save":
      case "test": {
        // Her images are the articles' (the same upload, decision 70): the draft keeps each one's files.
        const ids = documentImageIds(value.body);
        const stored = await s.articles.images(ids);
        if (ids.some((id) => !stored.has(id))) return answer({ ok: false, message: M.imageGone }, 400);
        const draft = { subject: value.subject, body: value.body, images: Object.fromEntries(stored) };
        await s.newsletter.saveDraft(draft);
        if (value.intent === "save") return answer({ ok: true, message: M.draftSaved });
        // To her own sign-in address, which the toast names.
        const to = admin.user.email;
        const sent = await sendTestNewsletter(s, draft, to);
        return answer(sent.ok ? { ok: true, message: M.testSent(to) } : { ok: false, message: M[sent.reason] });
      }
      case "send": {
        const started = await startNewsletter(s, value.campaignId);
        return answer(started.ok ? { ok: true, message: M.started } : { ok: false, message: M[started.reason] });
      }
      case "compose": {
        // "The new articles and recipes since the last one", composed here: the newsletter knows
        // neither feature (decision 64). Each published since the last newsletter started.
        const since = await s.newsletter.lastStartedAt();
        const [{ articles }, { recipes }] = await Promise.all([
          s.articles.listPublished({ limit: 20, offset: 0 }),
          s.recipes.listPublished({}, { limit: 20, offset: 0 }),
        ]);
        const newer = (at: Date | null) => at !== null && (since === null || at > since);
        const url = (path: string) => new URL(path, s.config.siteUrl).href;
        const newArticles = articles.filter((article) => newer(article.publishAt));
        const newRecipes = recipes.filter((recipe) => newer(recipe.publishedAt));
        if (newArticles.length + newRecipes.length === 0) return answer({ ok: false, message: M.nothingNew });
        const heading = (text: string): Block => ({
          type: "heading",
          attrs: { level: 2 },
          content: [{ type: "text", text }],
        });
        const body: RichTextDocument = {
          type: "doc",
          content: [
            { type: "paragraph", content: [{ type: "text", text: "Ecco le novità pubblicate sul sito." }] },
            ...(newArticles.length ? [heading("Articoli nuovi")] : []),
            ...newArticles.map((article) => linkItem(article.title, url(`/articoli/${article.slug}`))),
            ...(newRecipes.length ? [heading("Ricette nuove")] : []),
            ...newRecipes.map((recipe) => linkItem(recipe.title, url(`/ricette/${recipe.slug}`))),
          ],
        };
        await s.newsletter.saveDraft({ subject: "Le novità dal sito", body });
        return answer({ ok: true, message: M.composed });
      }
    }
  } catch (error) {
    s.logger.error({ err: error, intent: value.intent }, "newsletter action failed");
    return answer({ ok: false, message: M.adminFailed }, 500);
  }
}

export default function AdminNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  useActionResult(result);
  const { counts, draft, sent, mailEnabled } = loaderData;
  const sending = sent.find((campaign) => !campaign.finished);
  return (
    <>
      <Stylesheet href={newsletterStyles} />
      <h1 className="admin__title">Newsletter</h1>
      <section className="admin-section" aria-labelledby="iscritti">
        <h2 id="iscritti" className="admin-section__title">
          Iscritti
        </h2>
        <p className="newsletter-admin__counts">
          <strong>{formatCount(counts.confirmed)}</strong>{" "}
          {pluralForm(counts.confirmed, ["iscritto confermato", "iscritti confermati"])} ·{" "}
          <strong>{formatCount(counts.pending)}</strong> in attesa di conferma ·{" "}
          {countOf(counts.unsubscribed, ["disiscritto", "disiscritti"])}
        </p>
        {!mailEnabled ? <p className="admin-notice">{M.mailOff}</p> : null}
      </section>

      {sent.length ? (
        <section className="admin-section" aria-labelledby="invii">
          <h2 id="invii" className="admin-section__title">
            Invii
          </h2>
          <ul className="newsletter-admin__sent">
            {sent.map((campaign) => (
              <li key={campaign.id}>
                <strong>{campaign.subject}</strong> · {campaign.startedAt} ·{" "}
                {campaign.finished
                  ? `messa in coda per ${campaign.queued === 1 ? "l'unico iscritto" : `tutti i ${countOf(campaign.queued, ["iscritto", "iscritti"])}`}`
                  : `in coda ${campaign.queued} su ${campaign.total}`}
                <progress
                  max={Math.max(campaign.total, 1)}
                  value={campaign.queued}
                  aria-label={`Avanzamento di ${campaign.subject}`}
                />
              </li>
            ))}
          </ul>
          <p>
            {loaderData.waiting > 0
              ? `E-mail ancora da spedire (tutte le e-mail del sito): ${loaderData.waiting}.`
              : "Nessuna e-mail in attesa di spedizione."}
            {sending ? " Ricarica la pagina per vedere l'avanzamento." : null}
          </p>
        </section>
      ) : null}

      <section className="admin-section" aria-labelledby="prossima">
        <h2 id="prossima" className="admin-section__title">
          Prossima newsletter
        </h2>
        <Form method="post">
          <input type="hidden" name="intent" value="compose" />
          <button type="submit" className="button button--secondary">
            Prepara con gli articoli e le ricette nuove
          </button>
        </Form>
        <NewsletterEditor
          key={draft ? `${draft.id}-${JSON.stringify(draft.body).length}-${draft.subject}` : "nuova"}
          initial={draft ?? { subject: "", body: EMPTY_DOCUMENT }}
          uploadImage={uploadArticleImageFromEditor}
          lastResult={result && !result.ok ? result.reply : undefined}
        />
      </section>

      {draft ? (
        <section className="admin-section" aria-labelledby="anteprima">
          <h2 id="anteprima" className="admin-section__title">
            Anteprima
          </h2>
          <div className="newsletter-preview">
            <p className="newsletter-preview__subject">Oggetto: {draft.subject}</p>
            <RichTextBody document={draft.body} images={draft.images} />
            <p>
              <span className="newsletter-preview__link">Disiscriviti dalla newsletter</span>
            </p>
            <p className="newsletter-preview__footer">
              Ricevi questa e-mail perché ti sei iscritto alla newsletter dal sito dello studio.
            </p>
          </div>
          <Form method="post" className="newsletter-admin__send">
            <input type="hidden" name="intent" value="send" />
            <input type="hidden" name="campaignId" value={draft.id} />
            {draft.imagesUnmailable ? <p className="admin-notice">{M.imagesNeedSiteUrl}</p> : null}
            <p>L'invio non si può annullare: controlla l'anteprima e manda prima una prova a te.</p>
            <button type="submit" className="button" disabled={!mailEnabled || counts.confirmed === 0}>
              {`Invia a ${countOf(counts.confirmed, ["iscritto", "iscritti"])}`}
            </button>
          </Form>
        </section>
      ) : null}

      <section className="admin-section" aria-labelledby="consenso">
        <h2 id="consenso" className="admin-section__title">
          Testo del consenso
        </h2>
        <Form method="post" className="newsletter-admin__consent">
          <input type="hidden" name="intent" value="consent" />
          <label htmlFor="newsletter-consenso" className="field__label">
            Compare accanto alla casella del modulo di iscrizione
          </label>
          <textarea
            id="newsletter-consenso"
            name="consentText"
            rows={4}
            maxLength={CONSENT_MAX}
            required
            defaultValue={loaderData.consentText}
            key={loaderData.consentText}
          />
          <button type="submit" className="button button--secondary">
            Salva il testo del consenso
          </button>
        </Form>
      </section>
    </>
  );
}
