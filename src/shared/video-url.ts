/**
 * A video link as people paste it, made into the one embed URL the app stores and frames. Only three providers, each
 * to a fixed canonical form: YouTube (privacy-enhanced, youtube-nocookie.com), Vimeo's player, and Stream on SharePoint
 * for the configured SharePoint sites. The host is compared exactly, never by suffix, so look-alikes
 * (`youtube.com.evil.example`, `user@youtube.com` tricks, other tenants' SharePoint) are refused.
 */
export type VideoProvider = 'youtube' | 'vimeo' | 'stream';

export type VideoLink = { ok: true; url: string; provider: VideoProvider } | { ok: false; message: string };

/** The origins the app frames for videos: the CSP's frame-src adds exactly these, and the SharePoint sites configured. */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_PATHS = /^\/(?:embed|shorts|live|v|e)\/([^/]+)\/?$/;
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/;
const GUID = /^\{?([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\}?$/;
const STREAM_EMBED_PATH = /^((?:\/(?:sites|teams|personal)\/[^/]+)?)\/_layouts\/15\/embed\.aspx$/i;
/** The latest start a link may ask for: a day, in seconds. */
const START_MAX_SECONDS = 86_400;

export function videoUrlMessage(sharePointOrigins: readonly string[]): string {
  const stream = sharePointOrigins.length > 0 ? `, or a Stream video's embed link on ${sharePointOrigins.join(', ')}` : '';
  return `Use a YouTube or Vimeo video link${stream}`;
}

/** A start time as YouTube and Vimeo write it (`42`, `42s`, `1m30s`, `1h2m3s`), in whole seconds; null when absent or unreadable. */
export function startSeconds(value: string | null): number | null {
  if (value === null || value === '') return null;
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(value);
  if (!match || match[0] === '') return null;
  const seconds = Number(match[1] ?? 0) * 3_600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds > 0 && seconds <= START_MAX_SECONDS ? seconds : null;
}

/** The src of a pasted `<iframe …>` embed code, or the text itself. */
function embedSource(input: string): string {
  const trimmed = input.trim();
  if (!/^<iframe[\s>]/i.test(trimmed)) return trimmed;
  const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(trimmed);
  return (src?.[1] ?? src?.[2] ?? '').replaceAll('&amp;', '&');
}

function youtubeId(url: URL): string | null {
  if (url.hostname === 'youtu.be') return url.pathname.slice(1).replace(/\/$/, '');
  if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
  // Any other page of YouTube's own hosts is a link that names no video.
  if (url.pathname === '/watch') return url.searchParams.get('v') ?? '';
  return YOUTUBE_PATHS.exec(url.pathname)?.[1] ?? '';
}

function youtube(url: URL): VideoLink | null {
  const id = youtubeId(url);
  if (id === null) return null;
  if (!YOUTUBE_ID.test(id)) return { ok: false, message: 'That YouTube link names no video' };
  const fragment = new URLSearchParams(url.hash.slice(1));
  const start = startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start') ?? fragment.get('t'));
  return { ok: true, provider: 'youtube', url: `https://www.youtube-nocookie.com/embed/${id}${start === null ? '' : `?start=${start}`}` };
}

/** vimeo.com/{id}, vimeo.com/{id}/{hash}, vimeo.com/channels/{name}/{id}, vimeo.com/groups/{name}/videos/{id}, player.vimeo.com/video/{id}. */
function vimeoParts(url: URL): { id: string; hash: string | null } | null {
  const parts = url.pathname.split('/').filter(Boolean);
  if (url.hostname === 'player.vimeo.com') return parts[0] === 'video' && parts.length === 2 ? { id: parts[1]!, hash: url.searchParams.get('h') } : null;
  if (parts.length === 1 || parts.length === 2) return { id: parts[0]!, hash: parts[1] ?? url.searchParams.get('h') };
  if (parts[0] === 'channels' && parts.length === 3) return { id: parts[2]!, hash: null };
  if (parts[0] === 'groups' && parts[2] === 'videos' && parts.length === 4) return { id: parts[3]!, hash: null };
  return null;
}

function vimeo(url: URL): VideoLink | null {
  if (!VIMEO_HOSTS.has(url.hostname)) return null;
  const parts = vimeoParts(url);
  if (!parts || !VIMEO_ID.test(parts.id) || (parts.hash !== null && !VIMEO_HASH.test(parts.hash))) {
    return { ok: false, message: 'That Vimeo link names no video' };
  }
  const start = startSeconds(new URLSearchParams(url.hash.slice(1)).get('t'));
  const hash = parts.hash === null ? '' : `?h=${parts.hash}`;
  return { ok: true, provider: 'vimeo', url: `https://player.vimeo.com/video/${parts.id}${hash}${start === null ? '' : `#t=${start}s`}` };
}

/** A path with each segment's escapes written one way; null when one is not a valid escape (a `%` not followed by UTF-8 in hex). */
function canonicalPath(path: string): string | null {
  try {
    return path.split('/').map((part) => encodeURIComponent(decodeURIComponent(part))).join('/');
  } catch {
    return null;
  }
}

/** Stream on SharePoint: the embed link of "Share → Embed code", `…/_layouts/15/embed.aspx?UniqueId={guid}`, on a configured site. */
function stream(url: URL, sharePointOrigins: readonly string[]): VideoLink | null {
  if (!sharePointOrigins.includes(url.origin)) return null;
  const site = STREAM_EMBED_PATH.exec(url.pathname);
  const uniqueId = GUID.exec(url.searchParams.get('UniqueId') ?? url.searchParams.get('uniqueId') ?? '')?.[1];
  if (!site || uniqueId === undefined) {
    return { ok: false, message: 'For a Stream video, paste its embed code or embed link (Share → Embed code), which names the video by UniqueId' };
  }
  const sitePath = canonicalPath(site[1]!);
  if (sitePath === null) return { ok: false, message: 'That Stream link’s site address is not a valid address: paste the embed link again' };
  return { ok: true, provider: 'stream', url: `${url.origin}${sitePath}/_layouts/15/embed.aspx?UniqueId=${uniqueId.toLowerCase()}` };
}

/**
 * The canonical embed URL of a pasted video link or embed code, or why it is refused. Only https (or http, upgraded)
 * URLs with no user name or password, on the providers' own hosts, are read at all.
 */
export function normaliseVideoUrl(input: string, sharePointOrigins: readonly string[]): VideoLink {
  const refused: VideoLink = { ok: false, message: videoUrlMessage(sharePointOrigins) };
  let url: URL;
  try {
    url = new URL(embedSource(input));
  } catch {
    return refused;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '' || url.port !== '') return refused;
  if (url.protocol === 'http:') url.protocol = 'https:';
  return youtube(url) ?? vimeo(url) ?? stream(url, sharePointOrigins) ?? refused;
}

/** The provider of a stored (canonical) embed URL, for the facade's label; null for anything else. */
export function videoProviderOf(embedUrl: string, sharePointOrigins: readonly string[]): VideoProvider | null {
  const link = normaliseVideoUrl(embedUrl, sharePointOrigins);
  return link.ok && link.url === embedUrl ? link.provider : null;
}
