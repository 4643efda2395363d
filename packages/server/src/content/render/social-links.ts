import { httpUrl } from './links';
import { list, oneOf, str, type Settings } from './settings';

/** The networks we draw an icon for, by host; any other https link shows a generic link icon. */
const NETWORKS: Array<{ name: string; label: string; hosts: string[]; icon: string }> = [
  { name: 'instagram', label: 'Instagram', hosts: ['instagram.com'], icon: 'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm5 5a5 5 0 1 0 0 10a5 5 0 0 0 0-10zm0 2a3 3 0 1 1 0 6a3 3 0 0 1 0-6zm5.5-3.5a1 1 0 1 0 0 2a1 1 0 0 0 0-2z' },
  { name: 'facebook', label: 'Facebook', hosts: ['facebook.com', 'fb.com'], icon: 'M14 8V6c0-.8.4-1 1-1h2V2h-3c-3 0-4 2-4 4v2H8v3h2v11h4V11h3l.5-3z' },
  { name: 'x', label: 'X', hosts: ['x.com', 'twitter.com'], icon: 'M3 3h5l4 5.6L17 3h3l-6.6 7.6L21 21h-5l-4.4-6.1L6 21H3l7.2-8.2z' },
  { name: 'youtube', label: 'YouTube', hosts: ['youtube.com', 'youtu.be'], icon: 'M22 8s-.2-1.6-.9-2.3c-.8-.9-1.8-.9-2.2-1C16 4.5 12 4.5 12 4.5s-4 0-6.9.2c-.4.1-1.4.1-2.2 1C2.2 6.4 2 8 2 8s-.2 1.9-.2 3.8v1.7c0 1.9.2 3.8.2 3.8s.2 1.6.9 2.3c.8.9 1.9.9 2.4 1c1.7.2 6.7.2 6.7.2s4 0 6.9-.2c.4-.1 1.4-.1 2.2-1c.7-.7.9-2.3.9-2.3s.2-1.9.2-3.8v-1.7C22.2 9.9 22 8 22 8zM10 15.5v-7l6 3.5z' },
  { name: 'tiktok', label: 'TikTok', hosts: ['tiktok.com'], icon: 'M16 3c.3 2.2 1.8 3.7 4 4v3c-1.5 0-2.9-.4-4-1.2V15a6 6 0 1 1-6-6v3.1a3 3 0 1 0 3 2.9V3z' },
  { name: 'pinterest', label: 'Pinterest', hosts: ['pinterest.com'], icon: 'M12 2a10 10 0 0 0-3.6 19.3c-.1-.8-.2-2 0-2.9l1.3-5.4s-.3-.7-.3-1.6c0-1.5.9-2.7 2-2.7c.9 0 1.4.7 1.4 1.5c0 .9-.6 2.3-.9 3.6c-.3 1.1.5 2 1.6 2c1.9 0 3.4-2 3.4-4.9c0-2.6-1.9-4.4-4.5-4.4c-3 0-4.8 2.3-4.8 4.6c0 .9.4 1.9.8 2.4l.1.4l-.3 1.2c0 .2-.2.3-.4.2c-1.4-.7-2.2-2.7-2.2-4.3c0-3.5 2.5-6.7 7.3-6.7c3.8 0 6.8 2.7 6.8 6.4c0 3.8-2.4 6.9-5.8 6.9c-1.1 0-2.2-.6-2.6-1.3l-.7 2.7c-.3 1-1 2.2-1.4 2.9A10 10 0 1 0 12 2z' },
  { name: 'email', label: 'Email', hosts: [], icon: 'M3 5h18v14H3zm1 1.5v.3l8 5.7l8-5.7v-.3zm0 2.2V18h16V8.7l-8 5.6z' },
  { name: 'linkedin', label: 'LinkedIn', hosts: ['linkedin.com'], icon: 'M4 3a2 2 0 1 1 0 4a2 2 0 0 1 0-4zM2 9h4v12H2zm7 0h4v1.7c.6-1 1.9-2 3.9-2c4 0 4.1 2.7 4.1 6V21h-4v-5.4c0-1.4 0-3-1.9-3s-2.1 1.4-2.1 2.9V21H9z' },
];
const GENERIC_ICON = 'M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1m2 5a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1';

export interface SocialLinkView {
  url: string;
  /** The network's name, the link's accessible name and visible text. */
  label: string;
  network: string;
  icon: string;
  /** The generic icon is drawn as a line, the networks' icons filled. */
  stroke: boolean;
}

function networkOf(url: URL) {
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  return NETWORKS.find((network) => network.hosts.some((candidate) => host === candidate || host.endsWith(`.${candidate}`)));
}

const LABELS: Record<string, string> = {
  facebook: 'Facebook', instagram: 'Instagram', x: 'X', threads: 'Threads', bluesky: 'Bluesky', mastodon: 'Mastodon', tiktok: 'TikTok', youtube: 'YouTube',
  vimeo: 'Vimeo', pinterest: 'Pinterest', linkedin: 'LinkedIn', spotify: 'Spotify', soundcloud: 'SoundCloud', etsy: 'Etsy', github: 'GitHub', email: 'Email',
};

/** A profile's address: an https (or http) link, or for email a mailto: (a bare address gets one). */
function profileUrl(network: string, raw: string): string | undefined {
  const value = raw.trim();
  if (network === 'email') {
    const address = value.replace(/^mailto:/i, '');
    return /^[^\s@<>"']+@[^\s@<>"']+$/.test(address) ? `mailto:${address}` : undefined;
  }
  return httpUrl(value)?.href;
}

/**
 * social links (socialaccountlinks-v2 54): each profile with its network's icon (inline SVG, ours) and its name as
 * visible text; a network we draw no icon for shows a generic link icon. Unsafe or malformed links are left out.
 */
export function socialLinksView(settings: Settings): { links: SocialLinkView[]; style: string; alignment: string } | undefined {
  const links = list(settings, 'links').flatMap((entry): SocialLinkView[] => {
    const named = str(entry, 'network').trim().toLowerCase();
    const url = profileUrl(named, str(entry, 'url'));
    if (!url) return [];
    const drawn = NETWORKS.find((network) => network.name === named) ?? (url.startsWith('http') ? networkOf(new URL(url)) : undefined);
    const label = LABELS[named] ?? drawn?.label ?? new URL(url).hostname.replace(/^www\./, '');
    return [{ url, label, network: drawn?.name ?? 'link', icon: drawn?.icon ?? GENERIC_ICON, stroke: !drawn }];
  });
  if (links.length === 0) return undefined;
  return { links, style: oneOf(settings, 'style', ['plain', 'circle', 'square'] as const, 'plain'), alignment: oneOf(settings, 'alignment', ['left', 'center', 'right'] as const, 'center') };
}
