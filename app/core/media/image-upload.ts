import { z } from "zod";

/**
 * What every image upload of the admin shares (a recipe photo, the portrait), in the browser and
 * on the server: the size cap, the file field's rules and the messages (verbatim from docs/product.md).
 */

/** An uploaded image may weigh at most 10 MB. */
export const MAX_IMAGE_UPLOAD_BYTES = 10 * 1024 * 1024;

export const IMAGE_UPLOAD_MESSAGES = {
  noImage: "Seleziona un'immagine",
  tooLarge: "L'immagine deve essere inferiore a 10MB",
  uploadFailed: "Errore durante il caricamento dell'immagine",
} as const;

/** An empty file input still sends an empty part: that is no image. */
const noEmptyFile = (value: unknown) => (value instanceof File && value.size === 0 ? undefined : value);
const imageFile = z
  .instanceof(File, { error: IMAGE_UPLOAD_MESSAGES.noImage })
  .refine((file) => file.size <= MAX_IMAGE_UPLOAD_BYTES, { error: IMAGE_UPLOAD_MESSAGES.tooLarge });

/** The picked image: there and at most 10 MB. */
export const uploadedImageSchema = z.preprocess(noEmptyFile, imageFile);

/** An image she may also leave out (a recipe's own photo): at most 10 MB when picked. */
export const optionalImageSchema = z.preprocess(noEmptyFile, imageFile.optional());
