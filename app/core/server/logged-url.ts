/**
 * The URL a request is logged with, for routes whose address holds a secret: the path alone (a
 * query may carry one too, e.g. an invitation's), and each dynamic segment of those routes written
 * `[token]`. Whoever reads the logs must not be able to follow a link that acts for someone else.
 */
export function urlForLogs(tokenRoutes: readonly string[]): (url: string | undefined) => string | undefined {
  const hidden = tokenRoutes.map((pattern) => {
    const segments = pattern.split("/").map((segment) => (segment.startsWith(":") ? null : segment));
    const source = segments.map((segment) => (segment === null ? "[^/]+" : escapeRegExp(segment))).join("/");
    const replacement = segments.map((segment) => segment ?? "[token]").join("/");
    return { match: new RegExp(`^/${source}`), replacement: `/${replacement}` };
  });
  return (url) => {
    const path = url?.split("?", 1)[0];
    if (path === undefined) return undefined;
    for (const { match, replacement } of hidden) if (match.test(path)) return path.replace(match, replacement);
    return path;
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
