import { useId, useState, type ReactNode } from 'react';
import { imageAltText } from '@vitrine/format/images';
import { MediaBrowser } from '../media/MediaBrowser';
import { useImages, type ImageAsset } from './content-api';
import type { ContentImage } from './content-types';
import { PagesDialog } from './PagesDialog';
import { PAGES_TEXTS as T } from './texts';

/**
 * A modal with the media library's browser (screens/media): search, upload from here (alt text asked per file; the
 * first picture uploaded is chosen), and one button per picture; choosing one closes it. Escape or Close cancels.
 */
export function ImageDialog({ onChoose, onClose }: { onChoose: (image: ImageAsset) => void; onClose: () => void }) {
  return (
    <PagesDialog title={T.imageDialog} className="pages-image-dialog media-dialog" onClose={onClose}>
      <MediaBrowser onSelect={onChoose} selectLabel={(image) => `Use ${image.name}`} chooseUploaded />
    </PagesDialog>
  );
}

/** An image setting: the chosen thumbnail, alt text beside it, the focal point (a click on the thumbnail, or two 0–1 inputs). */
export function ImageField({
  label,
  value,
  onChange,
  readOnly,
  error,
}: {
  label: string;
  value: ContentImage | null;
  onChange: (value: ContentImage | null) => void;
  readOnly: boolean;
  error?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  return (
    <fieldset className="pages-field pages-image-field" aria-describedby={error ? errorId : undefined}>
      <legend>{label}</legend>
      {value ? (
        <ImageThumb imageId={value.imageId} focal={value.focalPoint} readOnly={readOnly} onFocal={(focalPoint) => onChange({ ...value, focalPoint })} />
      ) : null}
      {!readOnly ? (
        <div className="pages-inline-actions">
          <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
            {value ? T.changeImage : T.chooseImage}
          </button>
          {value ? (
            <button type="button" className="button button-plain" onClick={() => onChange(null)}>
              {T.removeImage}
            </button>
          ) : null}
        </div>
      ) : null}
      {value ? (
        <>
          <label className="pages-field">
            <span>{T.altText}</span>
            <input type="text" value={value.altText} maxLength={1000} readOnly={readOnly} onChange={(event) => onChange({ ...value, altText: event.target.value })} />
          </label>
          <div className="pages-two">
            <label className="pages-field">
              <span>{T.focalX}</span>
              <input type="number" min={0} max={1} step={0.01} value={value.focalPoint.x} readOnly={readOnly} onChange={(event) => onChange({ ...value, focalPoint: { ...value.focalPoint, x: clamp01(event.target.valueAsNumber) } })} />
            </label>
            <label className="pages-field">
              <span>{T.focalY}</span>
              <input type="number" min={0} max={1} step={0.01} value={value.focalPoint.y} readOnly={readOnly} onChange={(event) => onChange({ ...value, focalPoint: { ...value.focalPoint, y: clamp01(event.target.valueAsNumber) } })} />
            </label>
          </div>
        </>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      {open ? (
        <ImageDialog
          onClose={() => setOpen(false)}
          onChoose={(image) => {
            onChange({ imageId: image.id, altText: value?.altText || image.altText, focalPoint: image.mediaFocalPoint ?? { x: 0.5, y: 0.5 } });
            setOpen(false);
          }}
        />
      ) : null}
    </fieldset>
  );
}

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, Math.round(value * 100) / 100)) : 0.5);

/** The chosen image, found in the images list for its address; a click sets the focal point. */
function ImageThumb({ imageId, focal, readOnly, onFocal }: { imageId: string; focal: { x: number; y: number }; readOnly: boolean; onFocal: (focal: { x: number; y: number }) => void }) {
  const images = useImages(true);
  const image = images.data?.images.find((each) => each.id === imageId);
  if (!image) return <p className="pages-muted">{imageId}</p>;
  return (
    <div className="pages-thumb">
      <img
        src={`${image.assetUrl}?format=300w`}
        alt={imageAltText(image)}
        onClick={(event) => {
          if (readOnly) return;
          const box = event.currentTarget.getBoundingClientRect();
          onFocal({ x: clamp01((event.clientX - box.left) / box.width), y: clamp01((event.clientY - box.top) / box.height) });
        }}
      />
      <span className="pages-focal" style={{ left: `${focal.x * 100}%`, top: `${focal.y * 100}%` }} aria-hidden="true" />
      {!readOnly ? <span className="field-hint">{T.focalHint}</span> : null}
    </div>
  );
}

/**
 * A block's image setting: the image's id (its alt text and focal point are sibling settings). `actions` go beside
 * Choose / Change / Remove image (Settings → Site identity's upload).
 */
export function ImageIdField({ label, imageId, onChange, readOnly, error, focal, actions }: { label: string; imageId: string; onChange: (imageId: string) => void; readOnly: boolean; error?: string; focal?: { value: { x: number; y: number }; set: (focal: { x: number; y: number }) => void }; actions?: ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const images = useImages(imageId !== '');
  const image = images.data?.images.find((each) => each.id === imageId);
  return (
    <fieldset className="pages-field pages-image-field" aria-describedby={error ? errorId : undefined}>
      <legend>{label}</legend>
      {image && focal ? (
        <ImageThumb imageId={image.id} focal={focal.value} readOnly={readOnly} onFocal={focal.set} />
      ) : image ? (
        <div className="pages-thumb">
          <img src={`${image.assetUrl}?format=300w`} alt={imageAltText(image)} />
        </div>
      ) : imageId ? (
        <p className="pages-muted">{imageId}</p>
      ) : null}
      {!readOnly ? (
        <div className="pages-inline-actions">
          <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
            {imageId ? T.changeImage : T.chooseImage}
          </button>
          {actions}
          {imageId ? (
            <button type="button" className="button button-plain" onClick={() => onChange('')}>
              {T.removeImage}
            </button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      {open ? (
        <ImageDialog
          onClose={() => setOpen(false)}
          onChoose={(chosen) => {
            onChange(chosen.id);
            setOpen(false);
          }}
        />
      ) : null}
    </fieldset>
  );
}
