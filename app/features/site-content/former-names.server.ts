import { sql } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { rowsOf } from "~/core/db/rows";
import { siteContentVersions } from "./schema";
import type { FormerNames } from "./examples";

/**
 * The people, studios and cities every kept content version named (examples.ts points out a text
 * naming one she no longer has): one query of distinct names, then kept until the version asked for
 * changes. The to-do list asks on every admin screen: read once per published version.
 */
export function formerNamesReader(db: Db): (version: number) => Promise<FormerNames> {
  let former: { version: number; names: Promise<FormerNames> } | undefined;
  const read = async (): Promise<FormerNames> => {
    const result = await db.execute(sql`
      select distinct named.kind, named.name
      from ${siteContentVersions} v,
        lateral (
          select 'people' as kind, v.content #>> '{practitioner,name}' as name
          union all select 'people', v.content #>> '{business,legalName}'
          union all select 'studios', studio ->> 'name' from jsonb_array_elements(v.content -> 'studios') studio
          union all select 'cities', studio ->> 'city' from jsonb_array_elements(v.content -> 'studios') studio
        ) named
      where named.name is not null`);
    const names: Record<keyof FormerNames, string[]> = { people: [], studios: [], cities: [] };
    for (const row of rowsOf<{ kind: keyof FormerNames; name: string }>(result)) names[row.kind].push(row.name);
    return names;
  };
  return (version) => {
    if (former?.version === version) return former.names;
    const names = read();
    const held = { version, names };
    former = held;
    // A failed read is not kept: the next screen asks again.
    names.catch(() => {
      if (former === held) former = undefined;
    });
    return names;
  };
}
