import { useEffect, useRef, useState } from "react";
import type { PublicImage } from "~/core/media/public-image";

// The public pages' images. The portrait is here too, not in a module of its own: /home is its only
// public page and the admin's preview shares it, so on its own it became one more script for /home.

/** An image with srcset/sizes and intrinsic width and height, so the layout never shifts. */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  className,
  loading = "lazy",
  fetchPriority,
  style,
}: {
  image: PublicImage;
  alt: string;
  sizes: string;
  className?: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
  /** Where the image is cropped: the point kept in view (`objectPosition`). */
  style?: { objectPosition: string };
}) {
  return (
    <img
      className={className}
      style={style}
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

/** Shipped with the site: shown when no photo is stored, or when the stored one fails to load. */
const BUNDLED_PORTRAIT = "/images/ritratto.svg";

/**
 * The practitioner's photo (null when she has none: pages without JavaScript get the bundled
 * picture directly), cropped around her chosen focus point. If the photo still fails to load, the
 * bundled picture replaces it, also when the failure happened before hydration.
 */
export function Portrait({
  image,
  focusX = 50,
  focusY = 50,
  name,
  className,
  sizes = "(min-width: 60rem) 28rem, 90vw",
}: {
  image: PublicImage | null;
  focusX?: number;
  focusY?: number;
  name: string;
  className?: string;
  sizes?: string;
}) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  const showPhoto = Boolean(image) && !failed;
  const src = image?.src;

  useEffect(() => setFailed(false), [src]);
  useEffect(() => {
    const img = ref.current;
    // An error before React attached onError leaves a complete image with no pixels.
    if (src && img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, [src]);

  return (
    <img
      ref={ref}
      className={className}
      src={showPhoto ? image!.src : BUNDLED_PORTRAIT}
      srcSet={showPhoto ? image!.srcSet : undefined}
      sizes={showPhoto ? sizes : undefined}
      style={showPhoto ? { objectPosition: `${focusX}% ${focusY}%` } : undefined}
      alt={showPhoto ? `Ritratto di ${name}` : `Illustrazione al posto del ritratto di ${name}`}
      width={640}
      height={800}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
