import { describe, expect, it } from "vitest";
import { pageViewData } from "../../../tests/support/factory";
import { COMPUTER_USER_AGENT, PHONE_USER_AGENT } from "../../../tests/support/user-agents";
import { type AnsweredRequest, deviceClass, pageView, referrerName } from "./counting";

const PUBLIC = new Set(["/", "/home", "/ricette", "/ricette/pasta-al-pomodoro", "/prenota"]);
const counted = (path: string) => PUBLIC.has(path);

function request(
  overrides: Partial<Omit<AnsweredRequest, "headers">> & { headers?: Partial<AnsweredRequest["headers"]> } = {},
) {
  const { headers, ...rest } = overrides;
  return {
    method: "GET",
    path: "/home",
    query: new URLSearchParams(),
    status: 200,
    contentType: "text/html; charset=utf-8",
    siteHosts: ["dietista.example"],
    ...rest,
    headers: { userAgent: PHONE_USER_AGENT, signedIn: false, ...headers },
  } satisfies AnsweredRequest;
}
const view = (r: AnsweredRequest) => pageView(r, counted, "203.0.113.7");

describe("what counts as a page view", () => {
  it("counts a public page's GET, answered or not modified, as the visitor's client and device", () => {
    expect(view(request())).toEqual(
      pageViewData({ path: "/home", client: { address: "203.0.113.7", userAgent: PHONE_USER_AGENT } }),
    );
    expect(view(request({ status: 304, contentType: "" }))?.path).toBe("/home");
  });

  it("does not count a HEAD, a post, an error, a redirect, a file or a page that is not public", () => {
    expect(view(request({ method: "HEAD" }))).toBeNull();
    expect(view(request({ method: "POST" }))).toBeNull();
    expect(view(request({ status: 404 }))).toBeNull();
    expect(view(request({ status: 500 }))).toBeNull();
    expect(view(request({ status: 302 }))).toBeNull();
    expect(view(request({ contentType: "application/xml" }))).toBeNull();
    expect(view(request({ path: "/admin" }))).toBeNull();
    expect(view(request({ path: "/admin/agenda" }))).toBeNull();
  });

  it("does not count bots, prefetches and prerenders, or her own signed-in visits", () => {
    expect(
      view(
        request({ headers: { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } }),
      ),
    ).toBeNull();
    expect(view(request({ headers: { userAgent: "curl/8.5.0" } }))).toBeNull();
    expect(view(request({ headers: { userAgent: undefined } }))).toBeNull();
    expect(view(request({ headers: { secPurpose: "prefetch" } }))).toBeNull();
    expect(view(request({ headers: { secPurpose: "prefetch;prerender" } }))).toBeNull();
    expect(view(request({ headers: { purpose: "prefetch" } }))).toBeNull();
    expect(view(request({ headers: { signedIn: true } }))).toBeNull();
  });

  it("counts a navigation within the site (a page's data asked from another page), not a revalidation", () => {
    const navigation = request({
      path: "/ricette.data",
      contentType: "text/x-script",
      headers: { referer: "https://dietista.example/home" },
    });
    expect(view(navigation)?.path).toBe("/ricette");
    expect(view({ ...navigation, path: "/_root.data" })?.path).toBe("/");
    // The same page asking again (after a form, a live change): no new view.
    expect(
      view({ ...navigation, headers: { ...navigation.headers, referer: "https://dietista.example/ricette?x=1" } }),
    ).toBeNull();
    // Data asked from another site, or with no referrer: not a visitor's navigation.
    expect(
      view({ ...navigation, headers: { ...navigation.headers, referer: "https://other.example/home" } }),
    ).toBeNull();
    expect(view({ ...navigation, headers: { ...navigation.headers, referer: undefined } })).toBeNull();
  });

  it("keeps the referring site by name or domain, and tidy UTM values; nothing from within the site", () => {
    const from = (referer: string, query = "") =>
      view(request({ query: new URLSearchParams(query), headers: { referer } }));
    expect(from("https://www.google.it/")?.referrer).toBe("Google");
    expect(from("https://l.instagram.com/?u=https%3A%2F%2Fdietista.example")?.referrer).toBe("Instagram");
    expect(from("https://t.co/abc")?.referrer).toBe("X (Twitter)");
    expect(from("https://www.blog-di-cucina.it/articolo?id=3")?.referrer).toBe("blog-di-cucina.it");
    expect(from("https://dietista.example/ricette")?.referrer).toBeNull();
    expect(from("android-app://com.google.android.gm/")?.referrer).toBeNull();
    const campaign = from("https://l.instagram.com/", "utm_source=Instagram&utm_campaign=%20Bio%20Link%3Cscript%3E");
    expect(campaign).toMatchObject({ utmSource: "instagram", utmCampaign: "bio linkscript" });
    expect(from("", `utm_source=${"x".repeat(300)}`)?.utmSource).toHaveLength(100);
  });

  it("names the device class and the well-known sources", () => {
    expect(deviceClass(PHONE_USER_AGENT)).toBe("phone");
    expect(deviceClass(COMPUTER_USER_AGENT)).toBe("computer");
    expect(
      deviceClass(
        "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("tablet");
    expect(
      deviceClass(
        "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
      ),
    ).toBe("tablet");
    expect(
      deviceClass(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
      ),
    ).toBe("phone");
    expect(referrerName("duckduckgo.com")).toBe("DuckDuckGo");
    expect(referrerName("m.facebook.com")).toBe("Facebook");
    expect(referrerName("localhost")).toBeNull();
  });
});
