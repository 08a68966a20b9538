import { describe, expect, it, vi } from "vitest";
import { DatabaseUnavailableError } from "~/core/db/unavailable.server";
import { failedAction } from "./respond.server";

const logger = () => ({ warn: vi.fn(), error: vi.fn() });

describe("an action that failed unexpectedly", () => {
  it("answers 503 with Retry-After while the database cannot answer (every connection busy), with a warning", () => {
    const log = logger();
    // pg-pool's own words when no connection freed up within the bound, wrapped as Drizzle wraps it.
    const poolFull = new Error("Failed query", { cause: new Error("timeout exceeded when trying to connect") });
    const answer = failedAction(log, poolFull, "booking failed");
    expect(answer.status).toBe(503);
    expect(new Headers(answer.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(log.error).not.toHaveBeenCalled();
    expect(failedAction(log, new DatabaseUnavailableError("stalled"), "booking failed").status).toBe(503);
  });

  it("answers 500 and logs an error for anything else", () => {
    const log = logger();
    const bug = new TypeError("undefined is not a function");
    expect(failedAction(log, bug, "booking failed", { place: "milano" })).toEqual({ status: 500 });
    expect(log.error).toHaveBeenCalledWith({ err: bug, place: "milano" }, "booking failed");
  });
});
