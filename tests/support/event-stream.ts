import type { Page } from "@playwright/test";
import http from "node:http";

/**
 * Opens the live stream at `${url}/events` and calls `onChange` with every `change` event as it
 * arrives. Resolves with the request (destroy it to close the stream) once the server's greeting
 * (its `retry:` line) has come, so that a change made afterwards is seen.
 */
export function openEventStream(
  url: string,
  onChange: (message: string) => void,
  options: http.RequestOptions = { agent: false },
): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/events`, options, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`/events answered ${res.statusCode}`));
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (message.includes("retry:")) resolve(request);
          if (message.startsWith("event: change")) onChange(message);
        }
      });
    });
    request.on("error", reject);
  });
}

/**
 * Waits until a page's own live stream has been greeted (`<html data-live="open">`, set by
 * app/ui/live-updates.tsx): a change made from then on reaches the page.
 */
export async function waitForLiveStream(page: Page) {
  await page.locator('html[data-live="open"]').waitFor({ state: "attached" });
}
