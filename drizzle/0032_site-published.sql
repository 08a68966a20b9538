ALTER TABLE "site_setup" ADD COLUMN "published_at" timestamp with time zone;
--> statement-breakpoint
-- hand-written (decision 73): a site already in use stays published after the update. In use: its
-- name, register number and Partita IVA are no longer the example's (a stored version lacking one
-- is read over the example's), or patients have booked on it.
INSERT INTO "site_setup" ("id", "published_at")
SELECT true, now()
WHERE EXISTS (
  SELECT 1 FROM (
    SELECT "content" FROM "site_content_versions" ORDER BY "version" DESC LIMIT 1
  ) AS latest
  WHERE coalesce(latest."content" #>> '{practitioner,name}', 'Dott.ssa Giulia Ferrari') <> 'Dott.ssa Giulia Ferrari'
    AND coalesce(latest."content" #>> '{practitioner,registerNumber}', 'AA_084512') <> 'AA_084512'
    AND coalesce(latest."content" #>> '{business,vatNumber}', '07184320153') <> '07184320153'
) OR EXISTS (SELECT 1 FROM "appointments")
ON CONFLICT ("id") DO UPDATE SET "published_at" = now();
