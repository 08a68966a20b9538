/**
 * A studio's key: lower-case letters, digits and dashes. The site content's studios carry it; the
 * tables of other features refer to a studio by it, each checking its shape.
 */
export const STUDIO_KEY_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$";
