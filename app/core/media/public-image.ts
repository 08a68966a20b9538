/** What a page needs to show a stored image responsively. Built on the server by toPublicImage(). */
export interface PublicImage {
  /** The largest rendition. */
  src: string;
  /** "url 400w, url 800w, …" */
  srcSet: string;
  /** Intrinsic size of the largest rendition: width and height attributes prevent layout shift. */
  width: number;
  height: number;
}
