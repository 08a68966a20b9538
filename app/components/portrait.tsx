import { useEffect, useRef, useState } from "react";

/** Shipped with the site: shown when no photo is stored, or when the stored one fails to load. */
export const BUNDLED_PORTRAIT = "/images/ritratto.svg";

/**
 * The practitioner's photo from our media storage (`src`, null when none is stored: the loader checks,
 * so pages without JavaScript get the bundled picture directly). If the photo still fails to load,
 * the bundled picture replaces it, also when the failure happened before hydration.
 */
export function Portrait({ src, name, className }: { src: string | null; name: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  const showPhoto = Boolean(src) && !failed;

  useEffect(() => {
    const img = ref.current;
    // An error before React attached onError leaves a complete image with no pixels.
    if (src && img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, [src]);

  return (
    <img
      ref={ref}
      className={className}
      src={showPhoto ? src! : BUNDLED_PORTRAIT}
      alt={showPhoto ? `Ritratto di ${name}` : `Illustrazione al posto del ritratto di ${name}`}
      width={640}
      height={800}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
