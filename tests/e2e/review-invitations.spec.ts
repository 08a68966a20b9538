import { eq } from "drizzle-orm";
import { expect, test, type Browser, type Page } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { reviewInvitations } from "~/features/reviews/schema";
import { createInvitationRepository } from "~/features/reviews/review-invitations.server";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, type AppServer } from "../support/app-server";
import { startSiteWithMail } from "../support/site-with-mail";
import { expectNoAxeViolations } from "../support/axe";
import { gotoHydrated } from "../support/hydration";
import { openOutbox } from "../support/outbox";
import type { TestSmtpServer } from "../support/smtp";
import { reviewCard, waitForFillTime } from "../support/reviews";
import { viewports } from "../support/viewports";

// One server with e-mail notices on, sending to a real SMTP server run by this test.
let server: AppServer;
let smtp: TestSmtpServer;
let expiredToken: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = newDataDir("e2e-invitations-", { admin: true });
  const database = await openSiteDatabase({ dataDir });
  try {
    const { token, invitation } = await createInvitationRepository(database.db).create({ validDays: 30 });
    await database.db
      .update(reviewInvitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(reviewInvitations.id, invitation.id));
    expiredToken = token;
  } finally {
    await database.close();
  }
  ({ server, smtp } = await startSiteWithMail(dataDir, {
    MAIL_TO: "dottoressa@studio.test",
    // Every browser here is one client address, and the pages of earlier tests stay open with their
    // live streams: the per-address cap (10 by default) would refuse the later pages' streams.
    LIVE_STREAMS_PER_CLIENT: "100",
  }));
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const login = (page: Page) => signInAsAdmin(page, server);

/** The site's link, pointed at this test server instead of SITE_URL. */
const local = (link: string) => link.replace("https://www.studio.test", server.url);

test.describe
  .serial("verified reviews by invitation", () => {
    // Several pages, live updates and axe at two sizes per test: more than the default 30 s on a busy machine.
    test.describe.configure({ timeout: 90_000 });
    let admin: Page;
    let visitor: Page;
    let link: string;

    test.beforeAll(async ({ browser }: { browser: Browser }) => {
      admin = await (await browser.newContext()).newPage();
      visitor = await (await browser.newContext()).newPage();
      await login(admin);
    });

    test("the practitioner creates an invitation: link, QR code and a ready message", async () => {
      await admin.getByRole("link", { name: "Invita a recensire" }).click();
      await expect(admin.locator(".admin-mail-status")).toContainText(
        "Notifiche e-mail attive verso dottoressa@studio.test.",
      );
      await admin.getByLabel("Nome del paziente").fill("Sara");
      await admin.getByLabel("Nota per te").fill("Prima visita, martedì");
      await admin.getByRole("button", { name: "Crea invito" }).click();
      const panel = admin.getByRole("region", { name: "Invito pronto" });
      await expect(panel).toBeVisible();
      link = await panel.getByLabel(/Link personale/).inputValue();
      expect(link).toMatch(/^https:\/\/www\.studio\.test\/reviews\?invito=[A-Za-z0-9_-]{43}#lascia-recensione$/);
      await expect(panel.getByLabel(/Messaggio da copiare/)).toHaveValue(
        /^Gentile Sara,\n[\s\S]*vale 30 giorni[\s\S]*https:\/\/www\.studio\.test\/reviews\?invito=/,
      );
      const qr = panel.getByRole("img", { name: "Codice QR che apre il link dell'invito" });
      await expect(qr).toHaveAttribute("src", /^data:image\/png;base64,/);
      expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
      await expect(panel.getByRole("link", { name: "Scarica il QR (PNG)" })).toHaveAttribute(
        "download",
        "invito-recensione.png",
      );
      await expect(admin.locator(".admin-invitations__item").first()).toContainText("Sara");
      await expect(admin.locator(".admin-invitations__item").first()).toContainText("Prima visita, martedì");
      for (const viewport of viewports) {
        await admin.setViewportSize(viewport);
        await expectNoAxeViolations(admin);
      }
    });

    test("the patient's link opens the form prefilled; the review is Verificata, counted, and e-mailed once", async () => {
      await visitor.goto(local(link));
      await expect(visitor.getByText("Con questo invito personale la tua recensione sarà segnata come")).toBeVisible();
      await expect(visitor.getByLabel("Nome", { exact: true })).toHaveValue("Sara");
      await visitor.getByLabel("La tua esperienza").fill("Mi ha aiutata a cambiare abitudini senza rinunce.");
      await visitor.getByRole("checkbox", { name: /Acconsento alla pubblicazione/ }).check();
      await waitForFillTime(visitor);
      await visitor.getByRole("button", { name: "Invia recensione" }).click();
      await expectToast(visitor, "Recensione aggiunta con successo");
      const card = reviewCard(visitor, "Sara");
      await expect(card.locator(".review-card__verified")).toHaveText(/^Verificata: Scritta con un invito personale/);
      await expect(visitor.locator(".reviews-summary")).toContainText("1 verificata");

      const [mail] = await smtp.waitFor(1);
      expect(mail!.parsed.subject).toBe("Nuova recensione pubblicata: Sara (5/5)");
      expect(mail!.parsed.to?.[0]?.address).toBe("dottoressa@studio.test");
      expect(mail!.parsed.text).toContain("Nome: Sara");
      expect(mail!.parsed.text).toContain("Voto: ★★★★★ (5 su 5)");
      expect(mail!.parsed.text).toContain("Verificata: Sì, inviata con un tuo invito");
      expect(mail!.parsed.text).toContain("Testo: Mi ha aiutata a cambiare abitudini senza rinunce.");
      expect(mail!.parsed.text).toMatch(/https:\/\/www\.studio\.test\/admin#recensione-[0-9a-f-]{36}/);
      expect(mail!.parsed.html).toContain("Mi ha aiutata a cambiare abitudini senza rinunce.");
      // Once the outbox marks it sent no worker sends it again: one message, counted then.
      const outbox = await openOutbox(server.dataDir);
      try {
        await expect
          .poll(async () =>
            (await outbox.withSubject("Nuova recensione pubblicata: Sara (5/5)")).map((row) => row.sentAt !== null),
          )
          .toEqual([true]);
      } finally {
        await outbox.close();
      }
      expect(smtp.received).toHaveLength(1);
    });

    test("a used, an expired and a forged link say so in Italian and leave the ordinary form", async () => {
      const cases: [string, string][] = [
        [local(link), "Questo invito è già stato usato per una recensione."],
        [`${server.url}/reviews?invito=${expiredToken}`, "Questo invito è scaduto."],
        [`${server.url}/reviews?invito=${"A".repeat(43)}`, "Il link di invito non è valido"],
        [`${server.url}/reviews?invito=corto`, "Il link di invito non è valido"],
      ];
      // Opened anew: the same address with its #fragment would only scroll the page that says the review was sent.
      await visitor.goto("about:blank");
      for (const [url, message] of cases) {
        await visitor.goto(url);
        await expect(visitor.getByRole("alert").filter({ hasText: message })).toBeVisible();
        await expect(visitor.getByRole("button", { name: "Invia recensione" })).toBeVisible();
        await expect(visitor.locator('input[name="invito"]')).toHaveCount(0);
        await expect(visitor.getByLabel("Nome", { exact: true })).toHaveValue("");
      }
    });

    test("a revoked link stops working", async () => {
      await admin.goto(`${server.url}/admin/inviti`);
      await admin.getByLabel("Nome del paziente").fill("Revocando");
      await admin.getByRole("button", { name: "Crea invito" }).click();
      const revokedLink = await admin.getByLabel(/Link personale/).inputValue();
      await admin.reload();
      await admin.getByRole("button", { name: "Revoca l'invito per Revocando" }).click();
      await expectToast(admin, "Invito revocato");
      await visitor.goto(local(revokedLink));
      await expect(visitor.getByRole("alert").filter({ hasText: "Questo invito non è più valido." })).toBeVisible();
    });

    test("the practitioner's reply appears live on open pages, as 'Risposta della Dott.ssa' with its date", async () => {
      await visitor.goto(`${server.url}/home`);
      await expect(reviewCard(visitor, "Sara")).toBeVisible();
      await admin.goto(`${server.url}/admin/risposte`);
      await expect(admin.getByText(/Segreto professionale: non citare mai problemi di salute/).first()).toBeVisible();
      const item = admin
        .locator(".admin-replies__item")
        .filter({ has: admin.getByRole("heading", { name: "Sara", exact: true }) });
      await item.getByLabel("Rispondi a Sara").fill("Grazie Sara, a presto per il controllo!");
      await item.getByRole("button", { name: "Pubblica risposta" }).click();
      await expectToast(admin, "Risposta pubblicata");

      const reply = reviewCard(visitor, "Sara").locator(".review-card__reply");
      await expect(reply).toContainText("Risposta della Dott.ssa");
      await expect(reply).toContainText("Grazie Sara, a presto per il controllo!");
      await expect(reply.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);

      // Edited, then removed: open pages follow.
      await item.getByLabel("Modifica la risposta a Sara").fill("Grazie di cuore, Sara.");
      await item.getByRole("button", { name: "Aggiorna risposta" }).click();
      await expect(reply).toContainText("Grazie di cuore, Sara.");
      await item.getByRole("button", { name: "Rimuovi risposta a Sara" }).click();
      await expect(reviewCard(visitor, "Sara").locator(".review-card__reply")).toHaveCount(0);
      await item.getByLabel("Rispondi a Sara").fill("Grazie Sara!");
      await item.getByRole("button", { name: "Pubblica risposta" }).click();
      await visitor.goto(`${server.url}/reviews`);
      await expect(reviewCard(visitor, "Sara").locator(".review-card__reply")).toContainText("Grazie Sara!");
      for (const viewport of viewports) {
        await admin.setViewportSize(viewport);
        await expectNoAxeViolations(admin);
      }
    });

    test("a visitor's report reaches the practitioner by e-mail and in the queue; she dismisses it", async () => {
      const before = smtp.received.length;
      // The report form answers in the card once the page's scripts have taken over.
      await gotoHydrated(visitor, `${server.url}/reviews`);
      const card = reviewCard(visitor, "Sara");
      await card.locator("summary", { hasText: "Segnala" }).click();
      await card.getByRole("radio", { name: "Contiene dati personali o sulla salute" }).check();
      await card.getByRole("button", { name: "Invia segnalazione" }).click();
      await expect(card.getByRole("status")).toContainText("la segnalazione è stata inviata");

      const mails = await smtp.waitFor(before + 1);
      const notice = mails.at(-1)!.parsed;
      expect(notice.subject).toBe("Recensione segnalata: Sara (5/5)");
      expect(notice.text).toContain("Motivo della segnalazione: Contiene dati personali o sulla salute");
      expect(notice.text).toMatch(/https:\/\/www\.studio\.test\/admin\/segnalazioni#recensione-/);

      await admin.goto(`${server.url}/admin/segnalazioni`);
      const item = admin
        .locator(".admin-reports__item")
        .filter({ has: admin.getByRole("heading", { name: "Sara", exact: true }) });
      await expect(item).toContainText("1 segnalazione");
      await expect(item).toContainText("Contiene dati personali o sulla salute");
      for (const viewport of viewports) {
        await admin.setViewportSize(viewport);
        await expectNoAxeViolations(admin);
      }
      await item.getByRole("button", { name: "Ignora segnalazioni della recensione di Sara" }).click();
      await expectToast(admin, "Segnalazioni ignorate");
      await admin.reload();
      await expect(admin.getByText("Nessuna segnalazione da esaminare.")).toBeVisible();
    });
  });
