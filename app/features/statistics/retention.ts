/**
 * How many years the aggregates are kept unless she keeps them all: the retention job and the privacy
 * page's words. Its own module: a public page's scripts (the privacy page's) must not carry zod.
 */
export const RETENTION_YEARS = 2;
