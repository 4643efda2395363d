import { SECTION_PRESETS, type SectionPreset } from '@vitrine/blocks';
import { useRef, useState, type KeyboardEvent } from 'react';
import { PagesDialog } from './PagesDialog';
import { PAGES_TEXTS as T } from './texts';

/**
 * "Add section": the gallery of section presets (@vitrine/blocks' SECTION_PRESETS) in a dialog. Each preset is a
 * button with its name, what it holds and a small drawing of its columns; the arrow keys move between them, Enter
 * or a click inserts it, Escape closes.
 */
export function SectionGallery({ disabled, onChoose }: { disabled: boolean; onChoose: (preset: SectionPreset) => void }) {
  const [open, setOpen] = useState(false);
  const grid = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step || !grid.current) return;
    const options = [...grid.current.querySelectorAll<HTMLButtonElement>('.pages-preset')];
    const at = options.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    options[(at + step + options.length) % options.length]!.focus();
  };
  return (
    <>
      <button type="button" className="button button-secondary pages-add-section" disabled={disabled} onClick={() => setOpen(true)}>
        + {T.addSection}
      </button>
      {open ? (
        <PagesDialog title={T.sectionGallery} className="pages-section-gallery" initialFocus=".pages-preset" onClose={() => setOpen(false)}>
          <p className="field-hint">{T.sectionGalleryHint}</p>
          <div ref={grid} className="pages-presets" role="group" aria-label={T.sectionGallery} onKeyDown={onKeyDown}>
            {SECTION_PRESETS.map((preset) => (
              <button
                key={preset.name}
                type="button"
                className="pages-preset"
                aria-labelledby={`preset-${preset.name}-name`}
                aria-describedby={`preset-${preset.name}-description`}
                onClick={() => {
                  setOpen(false);
                  onChoose(preset);
                }}
              >
                <PresetPreview preset={preset} />
                <span className="pages-preset-name" id={`preset-${preset.name}-name`}>
                  {preset.label}
                </span>
                <span className="pages-preset-description" id={`preset-${preset.name}-description`}>
                  {preset.description}
                </span>
              </button>
            ))}
          </div>
        </PagesDialog>
      ) : null}
    </>
  );
}

/** A small drawing of the preset's columns and what each holds (decorative: the name and description say it). */
function PresetPreview({ preset }: { preset: SectionPreset }) {
  return (
    <span className={`pages-preset-preview pages-preset-preview--${preset.previewBackground}`} aria-hidden="true">
      {preset.preview.map((parts, column) => (
        <span key={column} className="pages-preset-column">
          {parts.map((part, index) => (
            <span key={index} className={`pages-preset-part pages-preset-part--${part}`} />
          ))}
        </span>
      ))}
    </span>
  );
}
