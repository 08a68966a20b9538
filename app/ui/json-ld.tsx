import { useNonce } from "./nonce";

/**
 * Structured data for search engines. Rendered in the page (not through meta) so the tag carries
 * the response's CSP nonce like every other script element; "<" is escaped so text cannot close it.
 */
export function JsonLd({ data }: { data: object }) {
  const nonce = useNonce();
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own JSON, with < escaped, in a JSON script.
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
