import { describe, expect, it } from "vitest";
import { parseRecipeFilter, recipesHref } from "./recipe-filter";

const parse = (query: string) => parseRecipeFilter(new URLSearchParams(query));

describe("the recipe list's address", () => {
  it("reads category, tag and page, ignoring what it does not know", () => {
    expect(parse("categoria=cena&tag=vegana&pagina=2")).toEqual({ category: "cena", tag: "vegana", page: 2 });
    expect(parse("categoria=merenda&tag=keto&pagina=0")).toEqual({ category: null, tag: null, page: 1 });
    for (const page of ["-1", "1.5", "abc", "999999"]) expect(parse(`pagina=${page}`).page).toBe(1);
  });

  it("writes the same address back, the first page without a number", () => {
    expect(recipesHref({ category: "cena", tag: "senza-glutine" }, 3)).toBe(
      "/ricette?categoria=cena&tag=senza-glutine&pagina=3",
    );
    expect(recipesHref({ category: null, tag: "vegana" })).toBe("/ricette?tag=vegana");
    expect(recipesHref({ category: null, tag: null }, 1)).toBe("/ricette");
    const filter = parse("categoria=pranzo&tag=bambini&pagina=4");
    expect(parse(recipesHref(filter, filter.page).split("?")[1]!)).toEqual(filter);
  });
});
