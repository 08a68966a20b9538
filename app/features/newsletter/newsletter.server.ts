import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db, Executor } from "~/core/db/database.server";
import { rowsOf } from "~/core/db/rows";
import { newsletterCampaigns, newsletterDeliveries, newsletterSettings, newsletterSubscribers } from "./schema";
import type { StoredImage } from "~/core/db/schema";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import { EMPTY_DOCUMENT, type RichTextDocument } from "~/ui/rich-text/document";
import { richTextDocumentSchema } from "~/ui/rich-text/document-schema";
import { DEFAULT_CONSENT_TEXT, PENDING_DAYS } from "./consent";

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const newToken = () => randomBytes(32).toString("base64url");
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const isTokenShaped = (token: string | undefined): token is string => Boolean(token && TOKEN_SHAPE.test(token));

export interface Subscription {
  /** The confirmation link's token, returned once; null when the address is already confirmed (nothing to send). */
  confirmToken: string | null;
}

export type ConfirmOutcome = "confirmed" | "alreadyConfirmed" | "unknown";
export type UnsubscribeOutcome = "unsubscribed" | "alreadyUnsubscribed" | "unknown";

export interface Campaign {
  id: string;
  subject: string;
  body: RichTextDocument;
  /** Each image the body shows, by id, as stored when the draft was saved. */
  images: Record<string, StoredImage>;
  startedAt: Date | null;
  total: number | null;
  finishedAt: Date | null;
  /** Subscribers whose copy is queued in the outbox. */
  queued: number;
}

/** One subscriber's copy to queue: where, and the token of its unsubscribe link. */
export interface Recipient {
  subscriberId: string;
  email: string;
  unsubscribeToken: string;
}

/**
 * The newsletter's data: subscribers (double opt-in), her consent wording, the newsletters and who
 * each was queued for. Tokens are judged by the database's clock.
 */
export function createNewsletterRepository(db: Db, bus?: Pick<EventBus, "publish">, onError: OnChangeError = () => {}) {
  const announce = changeAnnouncer(bus, onError, "announcing a newsletter change failed");

  const toCampaign = (row: typeof newsletterCampaigns.$inferSelect, queued: number): Campaign => {
    const body = richTextDocumentSchema.safeParse(row.body);
    return {
      id: row.id,
      subject: row.subject,
      body: body.success ? body.data : EMPTY_DOCUMENT,
      images: row.images,
      startedAt: row.startedAt,
      total: row.total,
      finishedAt: row.finishedAt,
      queued,
    };
  };

  const queuedCount = async (campaignId: string) => {
    const [row] = await db
      .select({ n: count() })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.campaignId, campaignId));
    return row?.n ?? 0;
  };

  return {
    /** The consent wording under the form (a default until she writes her own). */
    async consentText(): Promise<string> {
      const [row] = await db.select({ text: newsletterSettings.consentText }).from(newsletterSettings);
      return row?.text ?? DEFAULT_CONSENT_TEXT;
    },

    async saveConsentText(text: string): Promise<void> {
      await db
        .insert(newsletterSettings)
        .values({ id: true, consentText: text })
        .onConflictDoUpdate({ target: newsletterSettings.id, set: { consentText: text, updatedAt: sql`now()` } });
      await announce({ table: "newsletter_settings", action: "update", id: "1" });
    },

    /**
     * An address given on the form: a pending subscription with a new confirmation token (a pending
     * one gets a fresh token), or nothing to do when it is already confirmed. `send` queues the
     * confirmation e-mail in the same transaction.
     */
    subscribe(
      input: { email: string; consentText: string },
      send: (token: string, tx: Executor) => Promise<void>,
    ): Promise<Subscription> {
      const email = input.email.trim().toLowerCase();
      const token = newToken();
      const expiresAt = sql`now() + make_interval(days => ${PENDING_DAYS})`;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(newsletterSubscribers)
          .values({
            email,
            status: "pending",
            confirmTokenHash: hashToken(token),
            confirmExpiresAt: expiresAt,
            unsubscribeToken: newToken(),
            consentText: input.consentText,
          })
          .onConflictDoUpdate({
            target: newsletterSubscribers.email,
            set: { confirmTokenHash: hashToken(token), confirmExpiresAt: expiresAt, consentText: input.consentText },
            // A confirmed address stays as it is: the answer to the visitor is the same either way.
            setWhere: eq(newsletterSubscribers.status, "pending"),
          })
          .returning({ id: newsletterSubscribers.id });
        if (!row) return { confirmToken: null };
        await send(token, tx);
        return { confirmToken: token };
      });
    },

    /** The confirmation link: confirms a pending address whose link has not expired; a second time says so. */
    async confirm(token: string | undefined): Promise<ConfirmOutcome> {
      if (!isTokenShaped(token)) return "unknown";
      const hash = hashToken(token);
      const [confirmed] = await db
        .update(newsletterSubscribers)
        .set({ status: "confirmed", confirmedAt: sql`now()`, confirmExpiresAt: null })
        .where(
          and(
            eq(newsletterSubscribers.confirmTokenHash, hash),
            eq(newsletterSubscribers.status, "pending"),
            sql`${newsletterSubscribers.confirmExpiresAt} > now()`,
          ),
        )
        .returning({ id: newsletterSubscribers.id });
      if (confirmed) return "confirmed";
      // The token's hash stays on a confirmed row, so the same link answers the same way again.
      const [row] = await db
        .select({ status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.confirmTokenHash, hash));
      return row?.status === "confirmed" ? "alreadyConfirmed" : "unknown";
    },

    /** Whether the unsubscribe link is one of ours, and still subscribed (the page before the button). */
    async unsubscribeState(token: string | undefined): Promise<"subscribed" | "unsubscribed" | "unknown"> {
      if (!isTokenShaped(token)) return "unknown";
      const [row] = await db
        .select({ status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.unsubscribeToken, token));
      if (!row) return "unknown";
      return row.status === "unsubscribed" ? "unsubscribed" : "subscribed";
    },

    /** Unsubscribes: the address is erased at once; the row keeps the date, so the link keeps answering. */
    async unsubscribe(token: string | undefined): Promise<UnsubscribeOutcome> {
      if (!isTokenShaped(token)) return "unknown";
      const [row] = await db
        .update(newsletterSubscribers)
        .set({
          status: "unsubscribed",
          email: null,
          confirmTokenHash: null,
          confirmExpiresAt: null,
          unsubscribedAt: sql`now()`,
        })
        .where(
          and(
            eq(newsletterSubscribers.unsubscribeToken, token),
            sql`${newsletterSubscribers.status} <> 'unsubscribed'`,
          ),
        )
        .returning({ id: newsletterSubscribers.id });
      if (row) return "unsubscribed";
      return (await this.unsubscribeState(token)) === "unsubscribed" ? "alreadyUnsubscribed" : "unknown";
    },

    /** Pending addresses whose link expired, deleted; returns how many. */
    async deleteExpiredPending(): Promise<number> {
      const deleted = await db
        .delete(newsletterSubscribers)
        .where(and(eq(newsletterSubscribers.status, "pending"), lt(newsletterSubscribers.confirmExpiresAt, sql`now()`)))
        .returning({ id: newsletterSubscribers.id });
      return deleted.length;
    },

    /** Her counts: confirmed, pending, unsubscribed. */
    async counts(): Promise<{ confirmed: number; pending: number; unsubscribed: number }> {
      const rows = await db
        .select({ status: newsletterSubscribers.status, n: count() })
        .from(newsletterSubscribers)
        .groupBy(newsletterSubscribers.status);
      const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
      return { confirmed: of("confirmed"), pending: of("pending"), unsubscribed: of("unsubscribed") };
    },

    /** The draft she is writing (the newest newsletter not sent), if any. */
    async draft(): Promise<Campaign | undefined> {
      const [row] = await db
        .select()
        .from(newsletterCampaigns)
        .where(isNull(newsletterCampaigns.startedAt))
        .orderBy(desc(newsletterCampaigns.updatedAt))
        .limit(1);
      return row ? toCampaign(row, 0) : undefined;
    },

    /** Saves the draft (a new one when there is none) with the images its body shows; returns its id. */
    async saveDraft(input: {
      subject: string;
      body: RichTextDocument;
      images?: Record<string, StoredImage>;
    }): Promise<string> {
      const images = input.images ?? {};
      const current = await this.draft();
      if (current) {
        await db
          .update(newsletterCampaigns)
          .set({ subject: input.subject, body: input.body, images, updatedAt: sql`now()` })
          .where(and(eq(newsletterCampaigns.id, current.id), isNull(newsletterCampaigns.startedAt)));
        return current.id;
      }
      const [row] = await db
        .insert(newsletterCampaigns)
        .values({ subject: input.subject, body: input.body, images })
        .returning({ id: newsletterCampaigns.id });
      return row!.id;
    },

    /** The newsletters sent or being sent, newest first, with how many copies are queued. */
    async sent(limit = 10): Promise<Campaign[]> {
      const rows = await db
        .select()
        .from(newsletterCampaigns)
        .where(isNotNull(newsletterCampaigns.startedAt))
        .orderBy(desc(newsletterCampaigns.startedAt))
        .limit(limit);
      return Promise.all(rows.map(async (row) => toCampaign(row, await queuedCount(row.id))));
    },

    /** When the last newsletter was sent ("the new articles since the last one"). */
    async lastStartedAt(): Promise<Date | null> {
      const [row] = await db
        .select({ at: newsletterCampaigns.startedAt })
        .from(newsletterCampaigns)
        .where(isNotNull(newsletterCampaigns.startedAt))
        .orderBy(desc(newsletterCampaigns.startedAt))
        .limit(1);
      return row?.at ?? null;
    },

    /**
     * The draft starts sending to the confirmed subscribers counted now; false when there was no
     * draft (sent already by another tab). The copies are queued by `queueBatch`, from the job.
     */
    async start(campaignId: string): Promise<boolean> {
      const [row] = await db
        .update(newsletterCampaigns)
        .set({
          startedAt: sql`now()`,
          total: sql`(select count(*) from ${newsletterSubscribers} where ${newsletterSubscribers.status} = 'confirmed')::int`,
        })
        .where(and(eq(newsletterCampaigns.id, campaignId), isNull(newsletterCampaigns.startedAt)))
        .returning({ id: newsletterCampaigns.id });
      return Boolean(row);
    },

    /** The newsletters started and not yet all queued, oldest first. */
    async sending(): Promise<Campaign[]> {
      const rows = await db
        .select()
        .from(newsletterCampaigns)
        .where(and(isNotNull(newsletterCampaigns.startedAt), isNull(newsletterCampaigns.finishedAt)))
        .orderBy(asc(newsletterCampaigns.startedAt));
      return rows.map((row) => toCampaign(row, 0));
    },

    /**
     * Queues up to `limit` copies of a newsletter: in one transaction, confirmed subscribers without
     * a copy are claimed (SKIP LOCKED: a second sender takes others), their deliveries written (the
     * primary key refuses a second) and `queue` called for each through the same transaction, so a
     * crash keeps both or neither. Marks the newsletter finished when no one is left; returns how
     * many were queued.
     */
    queueBatch(
      campaignId: string,
      limit: number,
      queue: (recipient: Recipient, tx: Executor) => Promise<void>,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const claimed = rowsOf<{ id: string; email: string; unsubscribe_token: string }>(
          await tx.execute(sql`
            select s.id, s.email, s.unsubscribe_token from ${newsletterSubscribers} s
            where s.status = 'confirmed'
              and s.confirmed_at <= (select started_at from ${newsletterCampaigns} where id = ${campaignId})
              and not exists (select 1 from ${newsletterDeliveries} d
                              where d.campaign_id = ${campaignId} and d.subscriber_id = s.id)
            order by s.confirmed_at, s.id
            limit ${limit}
            for update of s skip locked`),
        );
        if (claimed.length === 0) {
          await tx
            .update(newsletterCampaigns)
            .set({ finishedAt: sql`now()` })
            .where(and(eq(newsletterCampaigns.id, campaignId), isNull(newsletterCampaigns.finishedAt)));
          return 0;
        }
        const inserted = await tx
          .insert(newsletterDeliveries)
          .values(claimed.map((row) => ({ campaignId, subscriberId: row.id })))
          .onConflictDoNothing()
          .returning({ subscriberId: newsletterDeliveries.subscriberId });
        const fresh = new Set(inserted.map((row) => row.subscriberId));
        for (const row of claimed) {
          if (!fresh.has(row.id)) continue;
          await queue({ subscriberId: row.id, email: row.email, unsubscribeToken: row.unsubscribe_token }, tx);
        }
        return fresh.size;
      });
    },

    /** A newsletter with how many copies are queued (her progress). */
    async campaign(id: string): Promise<Campaign | undefined> {
      const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
      return row ? toCampaign(row, await queuedCount(id)) : undefined;
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
