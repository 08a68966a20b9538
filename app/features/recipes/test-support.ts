import type { RecipeData } from "./recipe";

/** A complete recipe for tests, four servings, published unless `overrides` says otherwise. */
export function sampleRecipe(overrides: Partial<RecipeData> = {}): RecipeData {
  return {
    photoId: null,
    slug: "insalata-di-farro",
    title: "Insalata di farro",
    description: "Un piatto unico fresco, con farro, ceci e verdure di stagione.",
    category: "pranzo",
    tags: ["vegana", "sportivi"],
    cuisine: "Italiana",
    servings: 4,
    prepMinutes: 20,
    cookMinutes: 25,
    portionGrams: 250,
    ingredients: [
      { section: null, quantity: 200, unit: "g", name: "farro perlato", note: "sciacquato" },
      { section: null, quantity: 240, unit: "g", name: "ceci lessati", note: null },
      { section: "Per il condimento", quantity: 2, unit: "cucchiaio", name: "olio extravergine d'oliva", note: null },
      { section: "Per il condimento", quantity: 1, unit: "pezzo", name: "limone", note: "il succo" },
      { section: "Per il condimento", quantity: null, unit: "qb", name: "sale", note: null },
    ],
    steps: [
      { text: "Cuoci il farro in acqua bollente salata per 25 minuti, poi scolalo." },
      { text: "Taglia le verdure a cubetti e uniscile al farro con i ceci." },
      { text: "Condisci con olio, succo di limone e sale; servi a temperatura ambiente." },
    ],
    note: "Ottima anche il giorno dopo: portala in ufficio in un contenitore di vetro.",
    nutrition: {
      energyKcal: 420,
      energyKj: 1757,
      fat: 12.5,
      saturates: 1.8,
      carbohydrate: 58,
      sugars: 4.2,
      fibre: 9.1,
      protein: 15.3,
      salt: 0.6,
    },
    status: "published",
    ...overrides,
  };
}
