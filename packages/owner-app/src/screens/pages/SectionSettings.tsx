import { SECTION_COLOUR_THEMES, SECTION_COLUMN_RANGE, SECTION_SPACINGS, type Section, type SectionBackground, type SectionColourTheme, type SectionSpacing } from '@vitrine/blocks';
import { useId } from 'react';
import { sectionSettingsOf, type SectionSettings as Settings } from './body-edits';
import { PAGES_TEXTS as T } from './texts';

type BackgroundKind = 'none' | SectionBackground['kind'];

/**
 * The settings of the section the selected block is in: colour theme, spacing, columns (1–4) and a picture or video
 * behind it. Each change is one undo step, except typing in the address or the alt text (grouped per field).
 */
export function SectionSettings({
  section,
  index,
  count,
  readOnly,
  onChange,
  onRemove,
}: {
  section: Section;
  index: number;
  count: number;
  readOnly: boolean;
  onChange: (change: Partial<Settings>, group?: string) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const settings = sectionSettingsOf(section);
  const background = settings.background;
  const kind: BackgroundKind = background?.kind ?? 'none';
  const setKind = (next: BackgroundKind) => {
    if (next === 'none') onChange({ background: null });
    else if (next === 'image') onChange({ background: { kind: 'image', url: background?.url ?? '', alt: background?.kind === 'image' ? background.alt : '' } });
    else onChange({ background: { kind: 'video', url: background?.url ?? '', posterUrl: background?.kind === 'video' ? background.posterUrl : '' } });
  };
  return (
    <fieldset className="pages-section-settings" disabled={readOnly}>
      <legend>
        {T.sectionSettings} <span className="pages-muted">({T.sectionOf(index + 1, count)})</span>
      </legend>
      <div className="pages-field">
        <label htmlFor={`${id}-theme`}>{T.sectionColourTheme}</label>
        <select id={`${id}-theme`} value={settings.colourTheme} aria-describedby={`${id}-theme-help`} onChange={(event) => onChange({ colourTheme: event.target.value as SectionColourTheme })}>
          {SECTION_COLOUR_THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {T.sectionColourThemes[theme]}
            </option>
          ))}
        </select>
        <p id={`${id}-theme-help`} className="field-hint">
          {T.sectionColourThemeHelp}
        </p>
      </div>
      <div className="pages-field">
        <label htmlFor={`${id}-spacing`}>{T.sectionSpacing}</label>
        <select id={`${id}-spacing`} value={settings.spacing} onChange={(event) => onChange({ spacing: event.target.value as SectionSpacing })}>
          {SECTION_SPACINGS.map((spacing) => (
            <option key={spacing} value={spacing}>
              {T.sectionSpacings[spacing]}
            </option>
          ))}
        </select>
      </div>
      <div className="pages-field">
        <label htmlFor={`${id}-columns`}>{T.sectionColumns}</label>
        <select id={`${id}-columns`} value={settings.columnCount} aria-describedby={`${id}-columns-help`} onChange={(event) => onChange({ columnCount: Number(event.target.value) })}>
          {Array.from({ length: SECTION_COLUMN_RANGE.max - SECTION_COLUMN_RANGE.min + 1 }, (_, at) => SECTION_COLUMN_RANGE.min + at).map((columns) => (
            <option key={columns} value={columns}>
              {columns}
            </option>
          ))}
        </select>
        <p id={`${id}-columns-help`} className="field-hint">
          {T.sectionColumnsHelp}
        </p>
      </div>
      <div className="pages-field">
        <label htmlFor={`${id}-background`}>{T.sectionBackground}</label>
        <select id={`${id}-background`} value={kind} onChange={(event) => setKind(event.target.value as BackgroundKind)}>
          {(['none', 'image', 'video'] as const).map((each) => (
            <option key={each} value={each}>
              {T.sectionBackgrounds[each]}
            </option>
          ))}
        </select>
      </div>
      {background ? (
        <div className="pages-field">
          <label htmlFor={`${id}-url`}>{T.sectionBackgroundUrl}</label>
          <input id={`${id}-url`} type="text" inputMode="url" value={background.url} onChange={(event) => onChange({ background: { ...background, url: event.target.value } }, `${section.id}:background-url`)} />
        </div>
      ) : null}
      {background?.kind === 'image' ? (
        <div className="pages-field">
          <label htmlFor={`${id}-alt`}>{T.sectionBackgroundAlt}</label>
          <input id={`${id}-alt`} type="text" maxLength={300} value={background.alt} onChange={(event) => onChange({ background: { ...background, alt: event.target.value } }, `${section.id}:background-alt`)} />
        </div>
      ) : null}
      {count > 1 ? (
        <button type="button" className="button button-secondary" onClick={onRemove}>
          {T.removeSection}
        </button>
      ) : null}
    </fieldset>
  );
}
