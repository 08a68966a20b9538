/** The articles' categories, and their Italian names. */
export const ARTICLE_CATEGORY_LABELS = {
  alimentazione: "Alimentazione",
  "stili-di-vita": "Stili di vita",
  sport: "Sport",
  "gravidanza-e-allattamento": "Gravidanza e allattamento",
  bambini: "Bambini",
  "disturbi-e-patologie": "Disturbi e patologie",
  "miti-da-sfatare": "Miti da sfatare",
} as const;

export type ArticleCategory = keyof typeof ARTICLE_CATEGORY_LABELS;
export const articleCategories = Object.keys(ARTICLE_CATEGORY_LABELS) as [ArticleCategory, ...ArticleCategory[]];

/** The address of an article's page. */
export const articlePath = (slug: string) => `/articoli/${slug}`;
export const ARTICLES_PATH = "/articoli";
export const ADMIN_ARTICLES = "/admin/articoli";
export const FEED_PATH = "/articoli/feed.xml";
