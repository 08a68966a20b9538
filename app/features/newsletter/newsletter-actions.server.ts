import { createHash } from "node:crypto";
import type { Logger } from "pino";
import type { Mailer } from "~/core/mail/mailer.server";
import type { RateLimiter } from "~/core/server/rate-limit.server";
import { type Result, refused, succeeded } from "~/core/result";
import type { StoredImage } from "~/core/db/schema";
import type { RichTextDocument } from "~/ui/rich-text/document";
import {
  confirmationMail,
  imagesMailable,
  mailImageBase,
  mailImages,
  newsletterMail,
  renderedBody,
} from "./newsletter-mails";
import { confirmPath, NEWSLETTER_PATH, unsubscribePath } from "./newsletter-paths";
import { PENDING_DAYS } from "./consent";
import type { NewsletterRepository } from "./newsletter.server";

const HOUR_MS = 60 * 60 * 1000;
/** Subscriptions per visitor address per hour (as the contact form's messages). */
export const SUBSCRIBE_IP_LIMIT = { max: 5, windowMs: HOUR_MS };
/** Confirmation e-mails per subscribed address per day: the form cannot be used to flood someone's mailbox. */
export const SUBSCRIBE_EMAIL_LIMIT = { max: 3, windowMs: 24 * HOUR_MS };
/** Copies queued per run of the sending job (every 10 s): at most 360 a minute reach the outbox. */
export const NEWSLETTER_BATCH = 60;

export type SubscribeRefusal = "rateLimited" | "unavailable" | "failed";

interface SubscribeDeps {
  newsletter: NewsletterRepository;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  logger: Logger;
}

/**
 * An address given on the form: limited per visitor and per address, then a pending subscription and
 * its confirmation e-mail in one transaction. The answer never says whether the address was already
 * subscribed.
 */
export async function subscribeToNewsletter(
  deps: SubscribeDeps,
  input: { email: string; clientIp: string; siteUrl: string; practitionerName: string },
): Promise<Result<undefined, SubscribeRefusal>> {
  if (!deps.mailer.enabled) return refused("unavailable");
  const emailKey = createHash("sha256").update(input.email.trim().toLowerCase()).digest("hex");
  let counted: Awaited<ReturnType<RateLimiter["takeAll"]>> | null = null;
  try {
    counted = await deps.rateLimiter.takeAll([
      { key: `newsletter:ip:${input.clientIp}`, rule: SUBSCRIBE_IP_LIMIT },
      { key: `newsletter:email:${emailKey}`, rule: SUBSCRIBE_EMAIL_LIMIT },
    ]);
    if (!counted.allowed) return refused("rateLimited");
    const consentText = await deps.newsletter.consentText();
    const { confirmToken } = await deps.newsletter.subscribe({ email: input.email, consentText }, (token, tx) =>
      deps.mailer.queueTo(
        input.email,
        confirmationMail({
          practitionerName: input.practitionerName,
          confirmUrl: new URL(confirmPath(token), input.siteUrl).href,
          validDays: PENDING_DAYS,
        }),
        tx,
      ),
    );
    if (confirmToken) deps.mailer.kick();
  } catch (error) {
    deps.logger.error({ err: error }, "newsletter subscription failed");
    if (counted?.allowed) await deps.rateLimiter.forgive(counted).catch(() => {});
    return refused("failed");
  }
  return succeeded();
}

export type SendRefusal = "mailOff" | "noSubscribers" | "notDraft" | "imagesNeedSiteUrl";

/** The site's public address, and whether it was configured (SITE_URL) rather than guessed. */
export interface SiteAddress {
  siteUrl: string;
  siteUrlConfigured: boolean;
}

/**
 * Her "Invia": the draft starts sending to the confirmed subscribers; the job queues the copies.
 * A newsletter with images is refused while the site has no https address to show them from: the
 * copies would go out with holes (decision 70).
 */
export async function startNewsletter(
  deps: { newsletter: NewsletterRepository; mailer: Mailer; config: SiteAddress },
  campaignId: string,
): Promise<Result<undefined, SendRefusal>> {
  if (!deps.mailer.enabled) return refused("mailOff");
  const campaign = await deps.newsletter.campaign(campaignId);
  const base = mailImageBase(deps.config.siteUrl, deps.config.siteUrlConfigured);
  if (campaign && !imagesMailable(campaign.body, base)) return refused("imagesNeedSiteUrl");
  if ((await deps.newsletter.counts()).confirmed === 0) return refused("noSubscribers");
  if (!(await deps.newsletter.start(campaignId))) return refused("notDraft");
  return succeeded();
}

/**
 * The test copy, to her own address (`to`: her account's, not the practice's, which patients write
 * to and others may read): its unsubscribe link leads to the form's page.
 */
export async function sendTestNewsletter(
  deps: { mailer: Mailer; config: SiteAddress },
  input: { subject: string; body: RichTextDocument; images: Record<string, StoredImage> },
  to: string,
): Promise<Result<undefined, "mailOff" | "imagesNeedSiteUrl">> {
  if (!deps.mailer.enabled) return refused("mailOff");
  const base = mailImageBase(deps.config.siteUrl, deps.config.siteUrlConfigured);
  if (!imagesMailable(input.body, base)) return refused("imagesNeedSiteUrl");
  const mail = newsletterMail({
    subject: `[Prova] ${input.subject}`,
    body: renderedBody(input.body, base ? mailImages(input.images, base) : {}),
    unsubscribeUrl: new URL(NEWSLETTER_PATH, deps.config.siteUrl).href,
  });
  await deps.mailer.queueTo(to, mail);
  deps.mailer.kick();
  return succeeded();
}

/**
 * Queues the next batch of every newsletter being sent (the job's run): each copy and its delivery in
 * one transaction, so a crash at any point resumes with no one queued twice. Returns how many.
 */
export async function queueNewsletterCopies(
  deps: { newsletter: NewsletterRepository; mailer: Mailer; config: SiteAddress },
  batch = NEWSLETTER_BATCH,
): Promise<number> {
  const { siteUrl, siteUrlConfigured } = deps.config;
  // Checked when she started it; were the address gone since, the images are left out, not broken.
  const base = mailImageBase(siteUrl, siteUrlConfigured);
  let queued = 0;
  for (const campaign of await deps.newsletter.sending()) {
    const body = renderedBody(campaign.body, base ? mailImages(campaign.images, base) : {});
    queued += await deps.newsletter.queueBatch(campaign.id, batch - queued, (recipient, tx) =>
      deps.mailer.queueTo(
        recipient.email,
        newsletterMail({
          subject: campaign.subject,
          body,
          unsubscribeUrl: new URL(unsubscribePath(recipient.unsubscribeToken), siteUrl).href,
        }),
        tx,
      ),
    );
    if (queued >= batch) break;
  }
  if (queued > 0) deps.mailer.kick();
  return queued;
}
