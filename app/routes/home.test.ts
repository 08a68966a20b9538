import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { AppServices } from "~/services.server";
import { servicesContext } from "~/context";
import { defaultSiteContent } from "~/features/site-content/site-content.server";
import { HOME_REVIEW_COUNT, handle, loader } from "./home";

function fakeServices(overrides: {
  list?: () => Promise<unknown[]>;
  newest?: (n: number) => Promise<unknown[]>;
  bookingMode?: string;
  offeredOnline?: (studioKey: string | null) => Promise<unknown[]>;
  recipePaths?: () => Promise<{ slug: string; updatedAt: Date }[]>;
}) {
  const logger = { error: vi.fn() };
  const services = {
    logger,
    config: { siteUrl: "https://www.esempio.it" },
    siteContent: {
      current: async () => ({
        content: {
          ...defaultSiteContent,
          practitioner: { ...defaultSiteContent.practitioner, name: "Dott.ssa Prova" },
        },
      }),
    },
    media: {
      publicUrl: (key: string) => `/media/${key}`,
      get: async () => undefined,
    },
    photos: { list: overrides.list ?? (async () => []) },
    recipes: {
      publishedSlugsByPhoto: async () => new Map<string, string>(),
      listPublishedPaths: overrides.recipePaths ?? (async () => []),
    },
    reviews: { newest: overrides.newest ?? (async () => []) },
    faq: { homeQuestions: async () => [] },
    mailer: { enabled: false },
    bookingSettings: { get: async () => ({ mode: overrides.bookingMode ?? "external" }) },
    visitTypes: { listOffered: overrides.offeredOnline ?? (async () => []) },
  } as unknown as AppServices;
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  return { context, logger };
}

const call = (context: RouterContextProvider) =>
  loader({ context, request: new Request("http://localhost/home"), params: {} } as never);

describe("home loader", () => {
  it("asks for the three newest published reviews and refreshes live on photo and review changes", async () => {
    const newest = vi.fn(async () => []);
    const { context } = fakeServices({ newest });
    await call(context);
    expect(newest).toHaveBeenCalledWith(3);
    expect(HOME_REVIEW_COUNT).toBe(3);
    expect(handle.liveTables).toEqual(["recipe_photos", "recipes", "reviews", "faq"]);
  });

  it("shows empty lists and logs the error when a read fails, instead of failing the page", async () => {
    const { context, logger } = fakeServices({
      list: async () => {
        throw new Error("database down");
      },
      newest: async () => {
        throw new Error("database down");
      },
    });
    const { photos, reviews } = await call(context);
    expect({ photos, reviews }).toEqual({ photos: [], reviews: [] });
    expect(logger.error).toHaveBeenCalledTimes(2);
    expect(logger.error.mock.calls.map((c) => c[1]).sort()).toEqual([
      "home: reading recipe photos failed",
      "home: reading reviews failed",
    ]);
  });

  it("sends the practice's structured data and each studio's opening hours grouped by day, built on the server", async () => {
    const { context } = fakeServices({});
    const data = await call(context);
    expect(data.practiceJsonLd).toMatchObject({
      "@type": "MedicalBusiness",
      "@id": "https://www.esempio.it/#studio",
      name: "Dott.ssa Prova, Biologa Nutrizionista",
    });
    expect(data.studioHours[0]![0]).toEqual({
      days: "Lun–Ven",
      daysLong: "Lunedì – Venerdì",
      time: "9:00–19:00",
      closed: false,
    });
  });

  it("leads to the recipes once one is published, photos or not", async () => {
    expect((await call(fakeServices({}).context)).recipesPublished).toBe(false);
    const one = async () => [{ slug: "crostata", updatedAt: new Date() }];
    const data = await call(fakeServices({ recipePaths: one }).context);
    expect({ photos: data.photos, recipesPublished: data.recipesPublished }).toEqual({
      photos: [],
      recipesPublished: true,
    });
  });

  it("tells the contact form to open the visitor's mail program when the site has no e-mail configured", async () => {
    const { context } = fakeServices({});
    expect((await call(context)).contactBySite).toBe(false);
  });

  it("shows the online visits' week only when a patient can book one on the site", async () => {
    const online = { id: "t1", name: "Visita online", online: true };
    const listOffered = vi.fn(async (studioKey: string | null) => (studioKey === null ? [online] : []));
    const booked = await call(fakeServices({ bookingMode: "site", offeredOnline: listOffered }).context);
    expect(listOffered).toHaveBeenCalledWith(null);
    expect(booked.onlineHours?.[0]).toEqual({
      days: "Lun–Ven",
      daysLong: "Lunedì – Venerdì",
      time: "9:00–19:00",
      closed: false,
    });
    // Booking elsewhere (her external profile), or no type offered online: no online week.
    expect(
      (await call(fakeServices({ bookingMode: "external", offeredOnline: listOffered }).context)).onlineHours,
    ).toBe(null);
    expect((await call(fakeServices({ bookingMode: "site" }).context)).onlineHours).toBe(null);
  });

  it("shows the studios without the online week when reading the booking settings fails", async () => {
    const { context, logger } = fakeServices({
      bookingMode: "site",
      offeredOnline: async () => {
        throw new Error("database down");
      },
    });
    const data = await call(context);
    expect(data.onlineHours).toBe(null);
    expect(data.studioHours).toHaveLength(defaultSiteContent.studios.length);
    expect(logger.error.mock.calls.map((c) => c[1])).toEqual(["home: reading the online visits failed"]);
  });

  it("turns stored rows into views with responsive image URLs", async () => {
    const createdAt = new Date("2026-01-02T10:00:00Z");
    const { context } = fakeServices({
      list: async () => [
        {
          id: "p1",
          title: "Vellutata",
          imageUrl: "/media/recipe-photos/b.webp",
          displayOrder: 0,
          createdAt,
          image: {
            width: 800,
            height: 600,
            format: "webp",
            variants: [
              { key: "recipe-photos/a.webp", width: 400, height: 300 },
              { key: "recipe-photos/b.webp", width: 800, height: 600 },
            ],
          },
        },
      ],
    });
    const data = await call(context);
    expect(data.photos).toEqual([
      {
        id: "p1",
        title: "Vellutata",
        displayOrder: 0,
        createdAt: createdAt.toISOString(),
        // No published recipe for this photo: the slide links nowhere.
        recipeSlug: null,
        image: {
          src: "/media/recipe-photos/b.webp",
          srcSet: "/media/recipe-photos/a.webp 400w, /media/recipe-photos/b.webp 800w",
          width: 800,
          height: 600,
        },
      },
    ]);
  });
});
