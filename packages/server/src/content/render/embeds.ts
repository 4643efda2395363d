import { httpUrl } from './links';
import { bool, num, record, str, type Settings } from './settings';

/**
 * Owner HTML never runs in the site's own origin: code blocks and stored oEmbed HTML go into an iframe's srcdoc
 * with `sandbox="allow-scripts allow-popups"` and no allow-same-origin, so a script in it runs in an opaque origin
 * (no cookies, no storage, no DOM of the page), and the site's CSP keeps applying to the page around it.
 */
export const SANDBOX = 'allow-scripts allow-popups';

/**
 * The providers' players, by origin: the only third parties a page may frame. Embed and video blocks
 * (playerAddressOf) and lessons' videos (courses/embed.ts) build their player addresses from these, and a page's
 * CSP frame-src is derived from the addresses it shows (frameSourcesOf), so the three cannot disagree.
 */
export const PLAYER_ORIGINS = { youtube: 'https://www.youtube-nocookie.com', vimeo: 'https://player.vimeo.com' } as const;

/** The hosts an embed/video iframe may point at by address (the only ones a page's CSP frame-src may add). */
export const FRAME_HOSTS: readonly string[] = Object.values(PLAYER_ORIGINS);

/**
 * The frame-src sources a page needs for the players it frames: the origin of each address it shows, when that
 * origin is a provider's player (FRAME_HOSTS); any other address widens nothing. Once each, in FRAME_HOSTS' order.
 */
export function frameSourcesOf(playerAddresses: Iterable<string>): string[] {
  const origins = new Set<string>();
  for (const address of playerAddresses) {
    const url = httpUrl(address);
    if (url?.protocol === 'https:') origins.add(url.origin);
  }
  return FRAME_HOSTS.filter((host) => origins.has(host));
}

export interface SandboxedFrameView {
  /**
   * On the public site: the frames route's address, where the owner's document is served with a policy of its
   * own (its scripts run, in an opaque origin). In the editor's preview: absent, and the document is `srcdoc`.
   */
  src?: string;
  /** The HTML shown in the frame (printed into srcdoc, attribute-escaped) when there is no `src`. */
  srcdoc?: string;
  title: string;
  height: number;
  sandbox: string;
}

export interface ProviderFrameView {
  src: string;
  title: string;
  /** Width / height of the player, as CSS aspect-ratio. */
  aspectRatio: string;
}

export type EmbedView = ({ frame: SandboxedFrameView } | { player: ProviderFrameView }) & { caption: string };

/** The frame's document: the owner's HTML with a neutral base style; it has no access to the page. */
export function frameDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>body{margin:0;font-family:system-ui,sans-serif}</style></head><body>${html}</body></html>`;
}

/**
 * The owner's HTML a block shows in a sandboxed frame: a code block's (23) unless it is shown as text, an embed or
 * video block's (22, 32) stored oEmbed HTML unless a provider's player plays its address; else undefined. The page's
 * view (codeView, embedView) and the frames route (ownerFrameDocument) decide by this one rule.
 */
function framedHtmlOf(type: number, settings: Settings): string | undefined {
  let html = '';
  if (type === 23 && !bool(settings, 'displaySource')) html = str(settings, 'html');
  if ((type === 22 || type === 32) && !playerAddressOf(str(settings, 'url'))) {
    const oembed = record(settings, 'oembed');
    html = oembed ? str(oembed, 'html') : '';
  }
  return html.trim() === '' ? undefined : html;
}

/** code (23): the owner's HTML, sandboxed; or with "Show the code as text", the code printed (escaped) in a pre. */
export function codeView(settings: Settings, frameSrc?: string): { frame: SandboxedFrameView } | { source: string } | undefined {
  if (bool(settings, 'displaySource')) {
    const source = str(settings, 'html');
    return source.trim() === '' ? undefined : { source };
  }
  const html = framedHtmlOf(23, settings);
  if (!html) return undefined;
  return { frame: { ...(frameSrc ? { src: frameSrc } : { srcdoc: frameDocument(html) }), title: str(settings, 'title').trim() || 'Embedded content', height: Math.round(num(settings, 'height', 200, 40, 2000)), sandbox: SANDBOX } };
}

/**
 * The document the frames route serves for a code block, or an embed/video block's stored oEmbed HTML (not a
 * provider's player); undefined for any other block or an empty one.
 */
export function ownerFrameDocument(block: { type: number; settings: unknown }): string | undefined {
  const settings = typeof block.settings === 'object' && block.settings !== null ? (block.settings as Settings) : {};
  const html = framedHtmlOf(block.type, settings);
  return html === undefined ? undefined : frameDocument(html);
}

/** The provider's embed address for a YouTube or Vimeo page address, else undefined. */
export function playerAddressOf(raw: string): string | undefined {
  const url = httpUrl(raw);
  if (!url) return undefined;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const id = (value: string | null | undefined, pattern: RegExp) => (value && pattern.test(value) ? value : undefined);
  const youtubeId = /^[A-Za-z0-9_-]{6,20}$/;
  if (host === 'youtu.be') {
    const video = id(url.pathname.slice(1), youtubeId);
    return video && `${PLAYER_ORIGINS.youtube}/embed/${video}`;
  }
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const fromPath = /^\/(?:embed|shorts|live)\/([^/?#]+)/.exec(url.pathname)?.[1];
    const video = id(url.pathname === '/watch' ? url.searchParams.get('v') : fromPath, youtubeId);
    return video && `${PLAYER_ORIGINS.youtube}/embed/${video}`;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const video = /^\/(?:video\/)?(\d{1,12})(?:\/|$)/.exec(url.pathname)?.[1];
    return video && `${PLAYER_ORIGINS.vimeo}/video/${video}`;
  }
  return undefined;
}

/**
 * embed (22) and video (32): a YouTube or Vimeo address plays in the provider's own player (youtube-nocookie);
 * otherwise the stored oEmbed HTML shows sandboxed. Neither: nothing.
 */
export function embedView(settings: Settings, frameSrc?: string): EmbedView | undefined {
  const oembed = record(settings, 'oembed');
  const title = str(settings, 'title').trim() || (oembed ? str(oembed, 'title').trim() : '') || 'Embedded video';
  const caption = str(settings, 'caption').trim();
  const player = playerAddressOf(str(settings, 'url'));
  if (player) {
    const width = oembed ? num(oembed, 'width', 16, 1) : 16;
    const height = oembed ? num(oembed, 'height', 9, 1) : 9;
    return { player: { src: player, title, aspectRatio: `${Math.round(width)} / ${Math.round(height)}` }, caption };
  }
  const html = framedHtmlOf(22, settings);
  if (!html) return undefined;
  const height = oembed ? num(oembed, 'height', 360, 40, 2000) : 360;
  return { frame: { ...(frameSrc ? { src: frameSrc } : { srcdoc: frameDocument(html) }), title, height: Math.round(height), sandbox: SANDBOX }, caption };
}

export interface MapView {
  lines: string[];
  /** The OpenStreetMap link, when the place has coordinates. */
  openStreetMapUrl?: string;
  label: string;
}

/** map (4): no tile server is reachable, so a drawn placeholder with the address and a link to OpenStreetMap. */
export function mapView(settings: Settings): MapView | undefined {
  return placeView(settings);
}

/** The address lines and link of a place (a map block's location, an event's location). */
export function placeView(location: Settings): MapView | undefined {
  const lines = ['addressLine1', 'addressLine2', 'addressCountry'].map((key) => str(location, key).trim()).filter((line) => line !== '');
  const lat = location.mapLat;
  const lng = location.mapLng;
  const hasPoint = typeof lat === 'number' && typeof lng === 'number' && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  if (lines.length === 0 && !hasPoint) return undefined;
  return {
    lines,
    label: lines.length > 0 ? `Map: ${lines.join(', ')}` : 'Map',
    ...(hasPoint ? { openStreetMapUrl: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}` } : {}),
  };
}
