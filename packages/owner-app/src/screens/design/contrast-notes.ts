import { findSetting, type ContrastWarning, type ThemeManifest } from '@vitrine/design/browser';
import { ratioText } from './design-draft';
import { DESIGN_TEXTS as T } from './design-texts';

/** A contrast warning as the Design screen shows it, under the foreground colour's control. */
export interface WarningNote {
  key: string;
  /** The colour to change (the pair's foreground). */
  settingId: string;
  settingLabel: string;
  /** 'Text on Dark background: 3.1 : 1 — needs 4.5 : 1'. */
  text: string;
  suggestion: string;
}

const themeName = (theme: string) => theme.charAt(0).toUpperCase() + theme.slice(1);

/** 'Text on Dark background', 'Button text on Light button fill', 'Footer text on footer background'. */
export function pairName(manifest: ThemeManifest, warning: ContrastWarning): string {
  const foreground = findSetting(manifest, warning.foreground)?.label ?? warning.foreground;
  const background = (findSetting(manifest, warning.background)?.label ?? warning.background).toLowerCase();
  return warning.colourTheme ? `${foreground} on ${themeName(warning.colourTheme)} ${background}` : `${foreground} on ${background}`;
}

export function warningNotes(manifest: ThemeManifest, warnings: readonly ContrastWarning[]): WarningNote[] {
  return warnings.map((warning) => ({
    key: `${warning.foreground}/${warning.background}`,
    settingId: warning.foreground,
    settingLabel: findSetting(manifest, warning.foreground)?.label ?? warning.foreground,
    text: T.contrast(pairName(manifest, warning), ratioText(warning.ratio), ratioText(warning.minimum)),
    suggestion: warning.suggestion,
  }));
}
