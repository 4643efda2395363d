import type { Setting, StyleValues, ThemeManifest } from '@vitrine/design/browser';

/** Changes to a draft: a value, or null to drop the override (the setting takes its default again). */
export type StyleChanges = Record<string, string | number | boolean | null>;

/** The rules of the Design screen's draft, pure: which values are overrides, which pairing sets which fonts, what a warning says. */

export const isHexColour = (text: string) => /^#[0-9a-fA-F]{6}$/.test(text);

/** Every setting of a manifest by its id. */
export function settingsById(manifest: ThemeManifest): Map<string, Setting> {
  return new Map(manifest.settings.flatMap((group) => group.settings.map((setting) => [setting.id, setting] as const)));
}

export const defaultOf = (setting: Setting): string | number | boolean => setting.default;

/**
 * The draft after some changes: only overrides are kept, so a value set back to the manifest's default leaves the
 * draft (the draft then follows the theme's default if the theme changes it).
 */
export function withChanges(manifest: ThemeManifest, values: StyleValues, changes: StyleChanges): StyleValues {
  const settings = settingsById(manifest);
  const next: StyleValues = { ...values };
  for (const [id, value] of Object.entries(changes)) {
    const setting = settings.get(id);
    if (value === null || (setting && defaultOf(setting) === value)) delete next[id];
    else next[id] = value;
  }
  return next;
}

/** Two drafts with the same overrides. */
export function sameValues(a: StyleValues, b: StyleValues): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/** The two font settings a font-pairing setting sets. */
export function pairingTargets(setting: Setting): { heading: string; body: string } | null {
  if (setting.type !== 'font-pairing') return null;
  return { heading: setting.heading, body: setting.body };
}

/** A ratio as the warning words it: 3.14 → '3.1'; 4.5 → '4.5'; 3 → '3'. */
export const ratioText = (ratio: number) => String(Math.floor(ratio * 10) / 10);
