import type { PublicImage } from "~/core/media/public-image";

/** A recipe photo as pages receive it. */
export interface RecipePhotoView {
  id: string;
  title: string | null;
  displayOrder: number;
  createdAt: string;
  image: PublicImage;
  /** The address of the photo's published recipe (/ricette/<slug>), when it has one. */
  recipeSlug?: string | null;
}
