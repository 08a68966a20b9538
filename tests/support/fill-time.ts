import { MIN_FILL_MS, STARTED_FIELD } from "../../app/features/reviews/spam-guard";

// Without Playwright, so vitest tests and benchmarks can post reviews too.

/** Tokens fetched ahead per server, so that each is old enough by the time a test needs it. */
const AHEAD = 16;
const pools = new Map<string, Promise<string>[]>();

/** A start token the server signs for its review form, resolved once it is old enough to be accepted. */
function issue(baseUrl: string): Promise<string> {
  const token = (async () => {
    const html = await (await fetch(`${baseUrl}/reviews`)).text();
    const value = new RegExp(`name="${STARTED_FIELD}" value="([^"]+)"`).exec(html)?.[1];
    if (!value) throw new Error("no start token in the review form");
    const wait = Number(value.split(".")[0]) + MIN_FILL_MS + 150 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return value;
  })();
  // One fetched ahead for a server that stopped meanwhile is never asked for: not an error.
  token.catch(() => {});
  return token;
}

/**
 * A start token the server signed for its review form, old enough to be accepted, and not given
 * out before: a token is good for one review. A few are fetched ahead, so a test posting review
 * after review waits out the minimum fill time about once.
 */
export function fillTimeToken(baseUrl: string): Promise<string> {
  let pool = pools.get(baseUrl);
  if (!pool) pools.set(baseUrl, (pool = []));
  while (pool.length < AHEAD + 1) pool.push(issue(baseUrl));
  return pool.shift()!;
}

/**
 * A server started again on the same data directory signs with the same secret, and accepts the
 * tokens the one before it gave out: those already fetched from `from` serve `to`, so its first
 * review does not wait out the fill time again. One whose fetch the stop cut short is fetched anew.
 */
export function carryTokens(from: string, to: string): void {
  const carried = (pools.get(from) ?? []).map((token) => {
    const again = token.catch(() => issue(to));
    // As in issue(): one that the stop of `to` cuts short too may never be asked for.
    again.catch(() => {});
    return again;
  });
  pools.delete(from);
  pools.set(to, [...carried, ...(pools.get(to) ?? [])]);
}
