import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { mailOutbox, rateLimitHits } from "~/core/db/schema";
import { createRateLimiter } from "~/core/server/rate-limit.server";
import { createQueueOnlyMailer } from "../../../tests/support/outbox";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { RouterContextProvider } from "react-router";
import { type RequestInfo, requestContext, servicesContext } from "~/context";
import { createFlashStore } from "~/core/forms/flash.server";
import { action } from "~/routes/contact";
import type { AppServices } from "~/services.server";
import { CONTACT_RATE_LIMIT, submitContactMessage } from "./contact-submission.server";
import { CONTACT_FORM_MESSAGES } from "./messages";

const flash = createFlashStore("test-secret");

describe("a visitor's message through the site's contact form", () => {
  let database: Database;
  let deps: Parameters<typeof submitContactMessage>[0];

  beforeAll(async () => {
    database = await openTestDatabase();
    deps = {
      mailer: await createQueueOnlyMailer(database),
      rateLimiter: createRateLimiter(database.db),
      logger: pino({ level: "silent" }),
    };
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(rateLimitHits);
    await database.db.delete(mailOutbox);
  });

  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return data;
  };
  const valid = { name: "Niccolò Rossi", email: "n.rossi@esempio.it", message: "Sono libero martedì <alle 18>?" };

  /** The contact route's action (it reads and parses the form, then calls the feature), as data for the page's script. */
  async function post(fields: Record<string, string>, clientIp: string) {
    const provider = new RouterContextProvider();
    provider.set(servicesContext, { ...deps, mailer: deps.mailer, flash } as unknown as AppServices);
    provider.set(requestContext, { requestId: "r", clientIp, cspNonce: "n" } as RequestInfo);
    const request = new Request("http://localhost:3000/contatti.data", { method: "POST", body: form(fields) });
    const answer = (await action({ request, context: provider, params: {} } as never)) as {
      data: unknown;
      init: { status: number };
    };
    return { ...(answer.data as object), status: answer.init.status };
  }

  it("queues the message in the outbox for the practitioner, accented letters intact and markup escaped", async () => {
    const result = await submitContactMessage(deps, { message: valid, clientIp: "203.0.113.7" });
    expect(result).toEqual({ ok: true, value: undefined });
    expect(await post(valid, "203.0.113.11")).toEqual({ ok: true, status: 200, message: "Messaggio inviato" });
    const [queued] = await database.db.select().from(mailOutbox);
    expect(queued).toMatchObject({ subject: "Messaggio dal sito da Niccolò Rossi" });
    expect(queued!.text).toContain("Sono libero martedì <alle 18>?");
    expect(queued!.text).toContain("Rispondi a: n.rossi@esempio.it");
    expect(queued!.html).toContain("martedì &lt;alle 18&gt;?");
  });

  it("refuses a bad field with its Italian message, queueing nothing", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...valid, name: "  " }, CONTACT_FORM_MESSAGES.nameRequired],
      [{ ...valid, email: "non-un-indirizzo" }, CONTACT_FORM_MESSAGES.emailInvalid],
      [{ ...valid, message: "" }, CONTACT_FORM_MESSAGES.messageRequired],
      [{ ...valid, message: "a".repeat(4001) }, CONTACT_FORM_MESSAGES.messageTooLong],
    ];
    for (const [fields, message] of cases) {
      expect(await post(fields, "203.0.113.8")).toMatchObject({ ok: false, status: 400, message });
    }
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
  });

  it("limits the messages per visitor address", async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await submitContactMessage(deps, { message: valid, clientIp: "203.0.113.9" })).ok).toBe(true);
    }
    expect(await submitContactMessage(deps, { message: valid, clientIp: "203.0.113.9" })).toEqual({
      ok: false,
      reason: "rateLimited",
    });
    expect(await post(valid, "203.0.113.9")).toEqual({
      ok: false,
      status: 429,
      message: CONTACT_FORM_MESSAGES.rateLimited,
    });
    expect((await submitContactMessage(deps, { message: valid, clientIp: "203.0.113.10" })).ok).toBe(true);
  });
});
