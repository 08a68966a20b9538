import { z } from "zod";

/** "Esegui backup ora": the button's form, checked by the browser and the server alike. */
export const backupNowSchema = z.object({ intent: z.literal("backup-now") });
