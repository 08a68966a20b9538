import { describe, expect, it } from "vitest";
import { databaseLocation } from "./database-location";

describe("databaseLocation", () => {
  it("names the socket directory of the embedded server", () => {
    expect(databaseLocation("postgresql://postgres@localhost/postgres?host=%2Fsrv%2Fdata%2Fpostgres&port=5432")).toBe(
      "Unix socket in /srv/data/postgres",
    );
  });

  it("names host, port and database of a server, never the user or password", () => {
    const location = databaseLocation("postgres://studio:segreto@db.example.com:6543/studio");
    expect(location).toBe("db.example.com:6543/studio");
    expect(location).not.toContain("segreto");
    expect(databaseLocation("postgres://studio:segreto@db.example.com/studio")).toBe("db.example.com:5432/studio");
  });

  it("never echoes a value that is not a URL", () => {
    expect(databaseLocation("studio:segreto")).not.toContain("segreto");
  });
});
