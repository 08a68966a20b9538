import { pino } from "pino";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { requestContext, servicesContext } from "~/context";
import type { AppServices } from "~/services.server";
import { createFlashStore } from "~/core/forms/flash.server";
import { createFormTimer } from "~/features/reviews/spam-guard.server";
import { action, loader } from "./reviews";

const formTimer = createFormTimer("test-secret");

const broken = () => Promise.reject(new Error("connection refused"));

function contextWith(overrides: Partial<AppServices>) {
  const logger = pino({ level: "silent" });
  const error = vi.spyOn(logger, "error");
  const services = {
    config: { reviewsModeration: false, reviewsRateLimitPerHour: 5 },
    siteContent: {
      current: async () => ({
        content: {
          contact: { email: "studio@example.it" },
          practitioner: { name: "Dott.ssa Prova" },
          reviews: { shown: true },
        },
      }),
    },
    logger,
    flash: createFlashStore("test-secret"),
    formTimer,
    ...overrides,
  } as unknown as AppServices;
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestContext, { requestId: "t", clientIp: "203.0.113.9", cspNonce: "n", liveVersions: {} });
  return { context, error };
}

describe("reviews route when the database fails", () => {
  it("shows the empty list and logs the error instead of failing the page", async () => {
    const { context, error } = contextWith({
      reviews: { listPage: broken, summary: broken } as unknown as AppServices["reviews"],
    });
    const result = await loader({ request: new Request("http://localhost/reviews"), context, params: {} } as never);
    expect(result.page).toEqual({ reviews: [], nextCursor: null });
    expect(result.summary).toEqual({ count: 0, average: null, byRating: [0, 0, 0, 0, 0], verified: 0 });
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), "reading reviews failed");
  });

  it("answers a submission with the spec's error message, not a crash", async () => {
    const { context, error } = contextWith({
      rateLimiter: { isLimited: broken } as unknown as AppServices["rateLimiter"],
    });
    const body = new FormData();
    for (const [k, v] of Object.entries({
      name: "Anna",
      content: "Ok",
      rating: "5",
      consent: "on",
      modulo_aperto: formTimer.stamp(Date.now() - 5000),
    })) {
      body.set(k, v);
    }
    const response = (await action({
      request: new Request("http://localhost/reviews.data", { method: "POST", body }),
      context,
      params: {},
    } as never)) as unknown as { data: unknown; init: ResponseInit };
    expect(response.init.status).toBe(500);
    expect(response.data).toMatchObject({ ok: false, message: "Errore durante l'aggiunta della recensione" });
    expect(error).toHaveBeenCalled();
  });
});
