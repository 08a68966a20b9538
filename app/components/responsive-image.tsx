import type { PublicImage } from "~/media/public-image";

/** An image with srcset/sizes and intrinsic width and height, so the layout never shifts. */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  className,
  loading = "lazy",
  fetchPriority,
}: {
  image: PublicImage;
  alt: string;
  sizes: string;
  className?: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
}) {
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet || undefined}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={loading}
      decoding="async"
      fetchPriority={fetchPriority}
    />
  );
}
