/** Style values: the owner's overrides, checked against a manifest and completed with its defaults. */
import { findPairing } from './fonts';
import { allSettings, validateStyleValuesAgainst, type FieldError, type ThemeManifest, type StyleValues } from './settings';

export interface StyleValuesValidation { ok: boolean; errors: FieldError[] }

/** Field errors of an owner's values (`field` = the setting id); ok when there are none. */
export function validateStyleValues(manifest: ThemeManifest, values: unknown): StyleValuesValidation {
  const errors = validateStyleValuesAgainst(manifest, values);
  return { ok: errors.length === 0, errors };
}

/**
 * Every setting's value: the override when there is one, else the default. A chosen font pairing sets
 * the defaults of its heading and body font settings, so an explicit font override still wins over it
 * (the Design screen clears the two font overrides when the owner picks a pairing).
 */
export function resolveStyles(manifest: ThemeManifest, values: StyleValues): StyleValues {
  const resolved: StyleValues = {};
  const settings = allSettings(manifest);
  for (const setting of settings) resolved[setting.id] = values[setting.id] ?? setting.default;
  for (const setting of settings) {
    if (setting.type !== 'font-pairing') continue;
    const pairing = findPairing(String(resolved[setting.id] ?? ''));
    if (!pairing) continue;
    if (values[setting.heading] === undefined) resolved[setting.heading] = pairing.heading;
    if (values[setting.body] === undefined) resolved[setting.body] = pairing.body;
  }
  return resolved;
}
