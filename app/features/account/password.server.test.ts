import { describe, expect, it } from "vitest";
import { HashingBusyError, hashingLoad, hashPassword, passwordProblem, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("una frase lunga e facile");
    expect(hash).toMatch(/^scrypt\$65536\$8\$2\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("una frase lunga e facile", hash)).toBe(true);
    expect(await verifyPassword("una frase lunga e facilE", hash)).toBe(false);
  });

  it("salts every hash, and never contains the password", async () => {
    const a = await hashPassword("stessa-password-1");
    const b = await hashPassword("stessa-password-1");
    expect(a).not.toBe(b);
    expect(a).not.toContain("stessa");
  });

  it("refuses malformed or tampered hashes instead of throwing", async () => {
    const hash = await hashPassword("password-di-prova");
    expect(await verifyPassword("password-di-prova", "")).toBe(false);
    expect(await verifyPassword("password-di-prova", "bcrypt$x")).toBe(false);
    expect(await verifyPassword("password-di-prova", hash.replace(/\$[^$]+$/, "$AAAA"))).toBe(false);
  });

  it("treats the same text in either Unicode form as the same password", async () => {
    const hash = await hashPassword("caffè-lungo-2024");
    expect(await verifyPassword("caffe\u0300-lungo-2024", hash)).toBe(true);
  });

  it("runs one 64 MiB hash at a time, lets four wait, and refuses the rest at once (decoys included)", async () => {
    const hash = await hashPassword("password-di-prova");
    const burst = Array.from({ length: 12 }, (_, i) => verifyPassword(`tentativo-${i}`, hash));
    // Counted as each call reaches the queue, before any hash has finished.
    expect(hashingLoad()).toEqual({ running: 1, waiting: 4 });
    const settledInOrder: number[] = [];
    for (const [i, attempt] of burst.entries())
      attempt.then(
        () => settledInOrder.push(i),
        () => settledInOrder.push(i),
      );
    const outcomes = await Promise.allSettled(burst);
    // The seven past the queue: refused at once, before any hash finished.
    expect(settledInOrder.slice(0, 7).sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9, 10, 11]);
    for (const outcome of outcomes.slice(5)) expect(outcome).toMatchObject({ reason: expect.any(HashingBusyError) });
    // The one running is checked; the four waiting are checked in turn, or refused as busy once they
    // waited past their bound (HASHING_SLOTS.maxWaitMs) on a machine slower than that.
    expect(outcomes[0]).toEqual({ status: "fulfilled", value: false });
    for (const outcome of outcomes.slice(1, 5))
      expect(outcome).toSatisfy((o: PromiseSettledResult<boolean>) =>
        o.status === "fulfilled" ? o.value === false : o.reason instanceof HashingBusyError,
      );
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it("requires at least 10 characters", () => {
    expect(passwordProblem("123456789")).toBe("La password deve avere almeno 10 caratteri");
    expect(passwordProblem("1234567890")).toBeNull();
    expect(passwordProblem("x".repeat(201))).toMatch(/al massimo/);
  });

  it("refuses control characters, which no one can type at the sign-in form", () => {
    for (const control of ["\n", "\r", "\t", "\u001b", "\u007f", "\u0085"]) {
      expect(passwordProblem(`password${control}lunga`), JSON.stringify(control)).toMatch(/caratteri di controllo/);
    }
    expect(passwordProblem("caffè lungo, per favore 🙂")).toBeNull();
  });
});
