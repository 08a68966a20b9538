import { MIN_FILL_MS, STARTED_FIELD } from "../../app/reviews/spam-guard";

// Without Playwright, so vitest tests and benchmarks can post reviews too.

const tokens = new Map<string, Promise<string>>();

/**
 * A start token the server signed for its review form, old enough to be
 * accepted (the first call per server waits out the minimum fill time).
 */
export function fillTimeToken(baseUrl: string): Promise<string> {
  let token = tokens.get(baseUrl);
  if (!token) {
    token = (async () => {
      const html = await (await fetch(`${baseUrl}/reviews`)).text();
      const value = new RegExp(`name="${STARTED_FIELD}" value="([^"]+)"`).exec(html)?.[1];
      if (!value) throw new Error("no start token in the review form");
      const wait = Number(value.split(".")[0]) + MIN_FILL_MS + 150 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return value;
    })();
    tokens.set(baseUrl, token);
  }
  return token;
}
