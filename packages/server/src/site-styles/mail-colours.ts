import type { Kysely, Transaction } from 'kysely';
import { resolveStyles } from '@vitrine/design';
import type { Database, Website } from '../db/schema';
import { DEFAULT_MANIFEST } from './compiled';
import { findPublishedVersion } from './queries';

type Db = Kysely<Database> | Transaction<Database>;

/** The colours mail takes from the site's published styles: buttons and links (issue 38 item 7). */
export interface MailColours {
  button: string;
  buttonText: string;
  accent: string;
}

const HEX = /^#[0-9a-f]{3,8}$/i;

/**
 * The published version's colours, resolved over the default theme's defaults (mail cannot follow a theme's CSS
 * variables: clients read inline styles only). A value that is not a plain hex colour keeps the default.
 */
export async function mailColoursOf(db: Db, website: Website): Promise<MailColours> {
  const versionId = website.site_styles?.versionId;
  const version = versionId ? await findPublishedVersion(db, website.id, versionId) : undefined;
  const resolved = resolveStyles(DEFAULT_MANIFEST, version?.values ?? {});
  const colour = (id: string, fallback: string) => {
    const value = resolved[id];
    return typeof value === 'string' && HEX.test(value) ? value : fallback;
  };
  return { button: colour('theme.light.button', '#24382b'), buttonText: colour('theme.light.button-text', '#ffffff'), accent: colour('colour.accent', '#24382b') };
}
