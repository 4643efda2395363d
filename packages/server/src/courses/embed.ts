import { PLAYER_ORIGINS } from '../content';

/**
 * A lesson's embedded video: the owner gives a YouTube or Vimeo address; the lesson page frames that provider's
 * player, at the content domain's PLAYER_ORIGINS — the origins a page's frame-src is derived from (frameSourcesOf,
 * for blocks and lessons alike). Any other address is refused when saved, so a lesson never frames an arbitrary site.
 */

export interface EmbeddedPlayer {
  provider: 'youtube' | 'vimeo';
  /** The player's address (the iframe's src). */
  playerUrl: string;
  /** The address the owner gave (what the third-party video click event reports). */
  videoUrl: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

/** The player for a YouTube or Vimeo address, or undefined for anything else. */
export function embeddedPlayerOf(address: string): EmbeddedPlayer | undefined {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase().replace(/^www\.|^m\./, '');
  const videoUrl = url.href;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = url.pathname === '/watch' ? url.searchParams.get('v') : /^\/(?:embed|shorts|live)\/([^/]+)$/.exec(url.pathname)?.[1];
    if (id && YOUTUBE_ID.test(id)) return { provider: 'youtube', playerUrl: `${PLAYER_ORIGINS.youtube}/embed/${id}`, videoUrl };
    return undefined;
  }
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1);
    return YOUTUBE_ID.test(id) ? { provider: 'youtube', playerUrl: `${PLAYER_ORIGINS.youtube}/embed/${id}`, videoUrl } : undefined;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = /^\/(?:video\/)?(\d+)\/?$/.exec(url.pathname)?.[1];
    return id && VIMEO_ID.test(id) ? { provider: 'vimeo', playerUrl: `${PLAYER_ORIGINS.vimeo}/video/${id}`, videoUrl } : undefined;
  }
  return undefined;
}
