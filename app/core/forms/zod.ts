// What `import … from "zod"` gives the app's code in the bundles (vite.config.ts points "zod" here):
// zod itself, told before any schema is built not to compile parsers with `new Function`. The
// Content-Security-Policy forbids that in the browser, and every attempt, even caught, is reported
// as a violation.
import { z } from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
export { z, z as default };
