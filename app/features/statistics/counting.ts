// Which requests are page views, and what of them is kept (decision 59): the
// page, the day, where the visitor came from and the device class. The client's address and user
// agent are handed on only to be hashed with the day's salt (page-counter.server.ts), never kept.
import { isbot } from "isbot";
import { boundedMemory } from "~/core/bounded-memory";

/** What the server knows of an answered request; read from named headers only. */
export interface AnsweredRequest {
  method: string;
  /** The path, without query string. */
  path: string;
  /** The query string's parameters (utm_source, utm_campaign). */
  query: URLSearchParams;
  status: number;
  contentType: string;
  headers: VisitorHeaders & { referer?: string };
  /** The site's own host names: a referrer from one is a visitor moving between pages. */
  siteHosts: readonly string[];
}

/** What tells a visitor from a bot, a prefetch or her own visit; read from named headers only. */
export interface VisitorHeaders {
  userAgent?: string;
  secPurpose?: string;
  purpose?: string;
  /** Her own visits: she is signed in (the composition says how it knows). */
  signedIn: boolean;
}

export type DeviceClass = "phone" | "tablet" | "computer";

/** One page view, as counted: nothing in it names the visitor but `client`, which is only hashed. */
export interface PageView {
  path: string;
  /**
   * The client's address and user agent, hashed with the day's salt at the next write, never stored.
   * Apart, as they came: joined here, the pair was a new string to hash on every view (decision 68).
   */
  client: { address: string; userAgent: string };
  /** The referring site (domain, or a search engine's or social network's name); null within the site or unknown. */
  referrer: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  device: DeviceClass;
}

const MAX_VALUE = 100;

/**
 * A page view, or null for what is not one: not a GET (a HEAD, a post), an error or a redirect, not
 * a page (`counted` says which paths are public pages), a prefetch or prerender, a bot, her own
 * signed-in visit. React Router's navigation within the site asks for `<path>.data`: that is a view
 * of the page when it comes from another page of the site (the same page asking again is a
 * revalidation after a form or a live change, not a view).
 */
export function pageView(
  request: AnsweredRequest,
  counted: (path: string) => boolean,
  clientAddress: string,
): PageView | null {
  if (request.method !== "GET") return null;
  if (request.status !== 200 && request.status !== 304) return null;
  const { headers } = request;
  const userAgent = visitorAgent(headers);
  if (userAgent === null) return null;

  const navigation = dataRequestPath(request.path);
  const path = navigation ?? request.path;
  if (!counted(path)) return null;
  const from = refererUrl(headers.referer);
  const fromSite = from !== null && request.siteHosts.includes(from.hostname);
  if (navigation !== null) {
    if (!fromSite || from.pathname === path) return null;
  } else if (request.status === 200 && !request.contentType.startsWith("text/html")) return null;

  // A navigation's own query string is the data request's; the page's is in the referrer.
  const query = request.query;
  return {
    path,
    client: { address: clientAddress, userAgent },
    referrer: from && !fromSite ? referrerName(from.hostname) : null,
    utmSource: tidyValue(query.get("utm_source")),
    utmCampaign: tidyValue(query.get("utm_campaign")),
    device: deviceClass(userAgent),
  };
}

/** A visitor's user agent (bounded), or null for a prefetch or prerender, a bot, her own signed-in visit. */
export function visitorAgent(headers: VisitorHeaders): string | null {
  if (headers.signedIn) return null;
  if (/prefetch|prerender/i.test(`${headers.secPurpose ?? ""} ${headers.purpose ?? ""}`)) return null;
  const userAgent = headers.userAgent?.slice(0, 512) ?? "";
  return userAgent && !isKnownBot(userAgent) ? userAgent : null;
}

/** isbot's verdict per user agent, remembered: its one long pattern cost a kept page a thirtieth of its time. */
// A thousand user agents at most: a few hundred are most of a site's visitors.
const botVerdicts = boundedMemory<string, boolean>(1_000);
const isKnownBot = (userAgent: string) => botVerdicts(userAgent, () => isbot(userAgent));

/** The page a React Router data request is for ("/ricette.data" → "/ricette", "/_root.data" → "/"), or null. */
function dataRequestPath(path: string): string | null {
  if (!path.endsWith(".data")) return null;
  if (path === "/_root.data") return "/";
  return path.slice(0, -".data".length);
}

function refererUrl(referer: string | undefined): URL | null {
  if (!referer || referer.length > 2048) return null;
  try {
    const url = new URL(referer);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** Search engines and social networks by the domains their links come from. */
const NAMED_SOURCES: [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$/, "Google"],
  [/(^|\.)bing\.com$/, "Bing"],
  [/(^|\.)duckduckgo\.com$/, "DuckDuckGo"],
  [/(^|\.)yahoo\.[a-z.]+$/, "Yahoo"],
  [/(^|\.)ecosia\.org$/, "Ecosia"],
  [/(^|\.)qwant\.com$/, "Qwant"],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, "Facebook"],
  [/(^|\.)instagram\.com$/, "Instagram"],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, "X (Twitter)"],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, "LinkedIn"],
  [/(^|\.)(pinterest\.[a-z.]+|pin\.it)$/, "Pinterest"],
  [/(^|\.)(youtube\.com|youtu\.be)$/, "YouTube"],
  [/(^|\.)tiktok\.com$/, "TikTok"],
  [/(^|\.)(whatsapp\.com|wa\.me)$/, "WhatsApp"],
  [/(^|\.)threads\.(net|com)$/, "Threads"],
  [/(^|\.)telegram\.(org|me)$|^t\.me$/, "Telegram"],
];

/** A referrer's name: a known search engine or social network, else its domain without "www.". */
export function referrerName(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  for (const [pattern, name] of NAMED_SOURCES) if (pattern.test(host)) return name;
  const domain = host.replace(/^www\./, "");
  return /^[a-z0-9.-]{1,100}$/.test(domain) && domain.includes(".") ? domain : null;
}

/** A UTM value as kept: trimmed, lower case, at most 100 characters, printable; null when empty. */
function tidyValue(value: string | null): string | null {
  const tidy = value
    ?.trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ._@+-]/gu, "")
    .slice(0, MAX_VALUE);
  return tidy ? tidy : null;
}

/** Phone, tablet or computer, by the user agent's usual marks. */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "phone";
  return "computer";
}
