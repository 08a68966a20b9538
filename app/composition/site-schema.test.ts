import { getTableConfig } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { HER_WORDS } from "~/features/backups/manifest.server";
import { recipePhotos } from "~/features/photos/schema";
import { photoTable } from "~/features/recipes/photo-table";
import { siteTables } from "./site-schema";

const columnsOf = (table: Parameters<typeof getTableConfig>[0]) =>
  getTableConfig(table).columns.map((column) => ({
    name: column.name,
    type: column.getSQLType(),
    notNull: column.notNull,
    primary: column.primary,
  }));

describe("the site's schema", () => {
  it("declares each table once", () => {
    const names = siteTables.map((table) => getTableConfig(table).name);
    expect(names.length).toBeGreaterThan(40);
    expect(new Set(names).size).toBe(names.length);
  });

  it("has the photos' table as the recipes read it: each column they name, as the photos declare it", () => {
    const photos = columnsOf(recipePhotos);
    expect(getTableConfig(photoTable).name).toBe(getTableConfig(recipePhotos).name);
    for (const column of columnsOf(photoTable))
      expect(photos.find((photo) => photo.name === column.name)).toEqual(column);
  });

  it("has every table the backup's summary counts", () => {
    const names = siteTables.map((table) => getTableConfig(table).name);
    for (const [name] of HER_WORDS) expect(names).toContain(name);
  });
});
