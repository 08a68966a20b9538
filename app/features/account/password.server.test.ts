import { describe, expect, it } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "./password.server";

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
