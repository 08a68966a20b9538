import type { PublicImage } from "~/core/media/public-image";

/** A recipe photo as pages receive it. */
export interface RecipePhotoView {
  id: string;
  title: string | null;
  displayOrder: number;
  createdAt: string;
  image: PublicImage;
}
