import { RECIPE_MESSAGES, RECIPE_REFUSALS } from "./messages";
import type { SaveRecipeResult } from "./recipe-editor.server";

/** The field each refusal belongs to, when it is one field's. */
const FIELD_OF = {
  photoMissing: "image",
  altMissing: "imageAlt",
  photoGone: "photoId",
  photoTaken: "photoId",
  slugTaken: "slug",
  slugConflict: "slug",
} as const;

/** What the editor says of a save: its message, and the message next to the field at fault. */
export function sayRecipeSave(result: SaveRecipeResult): { message: string; fieldErrors?: Record<string, string[]> } {
  if (result.ok) return { message: RECIPE_MESSAGES[result.value.outcome] };
  if (result.reason === "imageBusy") return { message: result.detail };
  const { message } = RECIPE_REFUSALS[result.reason];
  const field = result.reason in FIELD_OF ? FIELD_OF[result.reason as keyof typeof FIELD_OF] : null;
  return field ? { message, fieldErrors: { [field]: [message] } } : { message };
}
