import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, SETTING_NAMES } from "./env.server";

describe("configuration from the environment", () => {
  it("has working defaults: port 3000, all interfaces, ./data, embedded database", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.resolve("data"),
      databaseUrl: undefined,
      siteUrl: "http://localhost:3000",
      logLevel: "info",
      reviewsModeration: false,
      reviewsRateLimitPerHour: 5,
    });
  });

  it("derives SITE_URL from PORT and drops a trailing slash", () => {
    expect(loadConfig({ PORT: "8080" }).siteUrl).toBe("http://localhost:8080");
    expect(loadConfig({ SITE_URL: "https://www.example.it/" }).siteUrl).toBe("https://www.example.it");
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).port).toBe(3000);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["SITE_URL", "not a url"],
    ["LOG_LEVEL", "verbose"],
    ["REVIEWS_MODERATION", "maybe"],
  ])("refuses %s=%s with one line naming the setting", (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(`${name}=`);
    expect(message).not.toContain("\n");
  });

  it("reads moderation as a flag", () => {
    expect(loadConfig({ REVIEWS_MODERATION: "on" }).reviewsModeration).toBe(true);
    expect(loadConfig({ REVIEWS_MODERATION: "false" }).reviewsModeration).toBe(false);
  });

  it("allows private addresses and plain http for her calendars only when told to", () => {
    expect(loadConfig({}).calendarFetchAllowPrivate).toBe(false);
    expect(loadConfig({ CALENDAR_FETCH_ALLOW_PRIVATE: "true" }).calendarFetchAllowPrivate).toBe(true);
    expect(() => loadConfig({ CALENDAR_FETCH_ALLOW_PRIVATE: "sometimes" })).toThrow(/CALENDAR_FETCH_ALLOW_PRIVATE/);
  });
});

describe("encrypted backups and her bucket (decision 76)", () => {
  const bucket = {
    BACKUP_S3_BUCKET: "copie-studio",
    BACKUP_S3_ENDPOINT: "https://s3.eu-south-1.example.it",
    BACKUP_S3_ACCESS_KEY_ID: "chiave",
    BACKUP_S3_SECRET_ACCESS_KEY: "segreto",
  };

  it("are off unless set: backups in clear, no copy", () => {
    expect(loadConfig({}).backup).toMatchObject({ passphrase: undefined, bucket: undefined });
  });

  it("read the bucket with its optional folder, and the passphrase", () => {
    const config = loadConfig({
      ...bucket,
      BACKUP_S3_PREFIX: "studio/",
      BACKUP_PASSPHRASE: "una frase lunga abbastanza",
    });
    expect(config.backup.bucket).toMatchObject({ bucket: "copie-studio", region: "us-east-1", prefix: "studio/" });
    expect(config.backup.passphrase).toBe("una frase lunga abbastanza");
  });

  it("refuse a bucket without the passphrase: copies leave the machine encrypted or not at all", () => {
    expect(() => loadConfig(bucket)).toThrow("BACKUP_PASSPHRASE is required when BACKUP_S3_BUCKET is set");
  });

  it("never echo a passphrase or a secret key that is refused", () => {
    expect(() => loadConfig({ BACKUP_PASSPHRASE: "corta" })).toThrow(
      "Invalid configuration: BACKUP_PASSPHRASE=(hidden) (at least 12 characters)",
    );
  });
});

describe("S3 media settings", () => {
  it("are off unless S3_BUCKET is set", () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it("are read when complete", () => {
    const config = loadConfig({
      S3_BUCKET: "studio-media",
      S3_ENDPOINT: "https://s3.eu-south-1.amazonaws.com",
      S3_ACCESS_KEY_ID: "AKIA",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config.s3).toMatchObject({ bucket: "studio-media", region: "us-east-1", publicUrl: undefined });
  });

  it("name the missing setting", () => {
    expect(() => loadConfig({ S3_BUCKET: "studio-media", S3_ENDPOINT: "https://s3.example.it" })).toThrow(
      "S3_ACCESS_KEY_ID is required when S3_BUCKET is set",
    );
  });

  it.each([
    ["1", 1],
    ["3", 3],
    ["0", false],
    ["true", true],
    ["TRUE", true],
    ["false", false],
    ["loopback", ["loopback"]],
    ["loopback, linklocal,uniquelocal", ["loopback", "linklocal", "uniquelocal"]],
    ["10.0.0.1", ["10.0.0.1"]],
    ["10.0.0.0/8, 192.168.1.0/255.255.255.0", ["10.0.0.0/8", "192.168.1.0/255.255.255.0"]],
    ["::1, fd00::/8", ["::1", "fd00::/8"]],
  ])("reads TRUST_PROXY=%j as %j (a hop count as a number)", (raw, expected) => {
    expect(loadConfig({ TRUST_PROXY: raw as string }).trustProxy).toEqual(expected);
  });

  it("trusts no proxy when TRUST_PROXY is unset", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it.each([
    "yes",
    "1.5",
    "-1",
    "99",
    "10.0.0.0/33",
    "::1/129",
    "300.1.1.1",
    "loopback;linklocal",
    "localhost",
    "10.0.0.1/8/1",
  ])("refuses TRUST_PROXY=%j with a message naming it", (raw) => {
    expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(/TRUST_PROXY/);
  });
});

describe("e-mail notice settings", () => {
  it("are off unless both SMTP_URL and MAIL_FROM are set, and name the missing one", () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig({ SMTP_URL: "smtps://u:p@mail.example.it:465", MAIL_FROM: "sito@example.it" }).mail).toEqual({
      smtpUrl: "smtps://u:p@mail.example.it:465",
      from: "sito@example.it",
      to: undefined,
    });
    expect(() => loadConfig({ SMTP_URL: "smtp://mail.example.it" })).toThrow(
      "MAIL_FROM is required when SMTP_URL is set",
    );
    expect(() => loadConfig({ MAIL_FROM: "sito@example.it" })).toThrow("SMTP_URL is required when MAIL_FROM is set");
    expect(() => loadConfig({ SMTP_URL: "http://user:segreta@mail.example.it", MAIL_FROM: "x@y.it" })).toThrow(
      "Invalid configuration: SMTP_URL=(hidden) (must start with smtp:// or smtps:// followed by the host)",
    );
    expect(loadConfig({}).reviewInvitationDays).toBe(30);
    expect(() => loadConfig({ REVIEW_INVITATION_DAYS: "0" })).toThrow(/REVIEW_INVITATION_DAYS/);
  });

  it("reserve a message being sent for a minute unless MAIL_LEASE_SECONDS says otherwise", () => {
    expect(loadConfig({}).mailLeaseMs).toBe(60_000);
    expect(loadConfig({ MAIL_LEASE_SECONDS: "10" }).mailLeaseMs).toBe(10_000);
    expect(() => loadConfig({ MAIL_LEASE_SECONDS: "1" })).toThrow(/MAIL_LEASE_SECONDS/);
    expect(() => loadConfig({ MAIL_LEASE_SECONDS: "ten" })).toThrow(/MAIL_LEASE_SECONDS/);
  });
});

describe("the site status checks' settings", () => {
  it("reads DNS_SERVER, DKIM_SELECTOR and PUBLIC_ADDRESSES", () => {
    expect(
      loadConfig({ DNS_SERVER: "127.0.0.1:8053", DKIM_SELECTOR: "mail", PUBLIC_ADDRESSES: "203.0.113.5, 2001:db8::5" })
        .siteChecks,
    ).toEqual({ dnsServer: "127.0.0.1:8053", dkimSelector: "mail", publicAddresses: ["203.0.113.5", "2001:db8::5"] });
    expect(loadConfig({}).siteChecks).toEqual({ dnsServer: undefined, dkimSelector: undefined, publicAddresses: [] });
  });

  it("stops start-up naming a bad one", () => {
    expect(() => loadConfig({ DNS_SERVER: "dns.google" })).toThrow(/^Invalid configuration: DNS_SERVER="dns.google"/);
    expect(() => loadConfig({ PUBLIC_ADDRESSES: "203.0.113.5,casa" })).toThrow(/PUBLIC_ADDRESSES/);
  });

  it("lists them among the settings service:install writes", () => {
    expect(SETTING_NAMES).toEqual(expect.arrayContaining(["SITE_URL", "SMTP_URL", "DNS_SERVER", "DKIM_SELECTOR"]));
  });
});
