import { useEffect, useId, useRef, useState } from 'react';
import { checkUploadFile, UploadError } from '../products/editor/upload';
import type { MediaItem, MediaUploadFn } from './media-api';
import { MEDIA_TEXTS as T } from './texts';

/**
 * Uploading to the library: files dropped on the zone or chosen with the file input (several at once) wait in a
 * list, each with its thumbnail, a name (the file's, without its extension) and an alt text field the owner must
 * fill — the file name is never taken as alt text. "Upload N pictures" sends them one after another, each with
 * its own progress bar; one that fails says why (platform §8's title and message) and stays to be tried again.
 */

interface Pending {
  key: string;
  file: File;
  name: string;
  altText: string;
  state: 'waiting' | 'uploading' | 'failed';
  progress: number;
  /** The alt text left blank when the owner tried to upload. */
  missingAlt: boolean;
  error?: string;
}

let pendingCounter = 0;
const nameOf = (file: File) => file.name.replace(/\.[A-Za-z0-9]+$/, '');

/** The preview's side in CSS pixels (drawn at twice that for sharp screens). */
const PREVIEW_SIDE = 72;

/**
 * The file's thumbnail, drawn on a canvas from the decoded file: the owner sees the picture they are describing.
 * Not an <img> of a blob: URL, which the site's Content-Security-Policy (img-src 'self') rightly refuses.
 */
function FilePreview({ file }: { file: File }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (typeof createImageBitmap !== 'function') return;
    let cancelled = false;
    createImageBitmap(file)
      .then((bitmap) => {
        const context = canvas.current?.getContext('2d');
        if (cancelled || !context) return bitmap.close();
        const side = PREVIEW_SIDE * 2;
        // Cover the square: the middle of the picture, scaled to fill it.
        const scale = Math.max(side / bitmap.width, side / bitmap.height);
        const width = bitmap.width * scale;
        const height = bitmap.height * scale;
        context.drawImage(bitmap, (side - width) / 2, (side - height) / 2, width, height);
        bitmap.close();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [file]);
  return <canvas ref={canvas} className="media-pending-thumb" width={PREVIEW_SIDE * 2} height={PREVIEW_SIDE * 2} aria-hidden="true" />;
}

export function MediaUploader({ upload, onUploaded, onAllDone }: { upload: MediaUploadFn; onUploaded?: (item: MediaItem) => void; onAllDone?: () => void | Promise<void> }) {
  const [pending, setPending] = useState<Pending[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();

  const add = (files: Iterable<File>) => {
    const refusals: string[] = [];
    const added: Pending[] = [];
    for (const file of files) {
      const refusal = checkUploadFile(file);
      if (refusal) {
        refusals.push(refusal);
        continue;
      }
      added.push({ key: `upload-${++pendingCounter}`, file, name: nameOf(file), altText: '', state: 'waiting', progress: 0, missingAlt: false });
    }
    setRefused(refusals);
    if (added.length > 0) {
      setPending((current) => [...current, ...added]);
      // The first new alt text field takes focus: that is what the owner fills next.
      setTimeout(() => list.current?.querySelector<HTMLInputElement>(`[data-key="${added[0]!.key}"]`)?.focus(), 0);
    }
  };

  const change = (key: string, patch: Partial<Pending>) => setPending((current) => current.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));

  const uploadAll = async () => {
    const blank = pending.filter((entry) => entry.altText.trim() === '');
    if (blank.length > 0) {
      setPending((current) => current.map((entry) => ({ ...entry, missingAlt: entry.altText.trim() === '' })));
      list.current?.querySelector<HTMLInputElement>(`[data-key="${blank[0]!.key}"]`)?.focus();
      return;
    }
    setBusy(true);
    let done = 0;
    for (const entry of pending) {
      change(entry.key, { state: 'uploading', progress: 0, error: undefined, missingAlt: false });
      try {
        const item = await upload(entry.file, { altText: entry.altText.trim(), name: entry.name.trim() }, (fraction) => change(entry.key, { progress: Math.round(fraction * 100) }));
        done += 1;
        setPending((current) => current.filter((each) => each.key !== entry.key));
        setAnnouncement(T.uploadedOne(item.name));
        onUploaded?.(item);
      } catch (error) {
        change(entry.key, { state: 'failed', error: error instanceof UploadError ? error.detail : T.uploadFailed });
      }
    }
    setBusy(false);
    if (done > 0) await onAllDone?.();
  };

  return (
    <section className="media-uploader" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {T.uploadList}
      </h2>
      <div
        className={`media-drop${dragging ? ' media-drop-active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          add(Array.from(event.dataTransfer?.files ?? []));
        }}
      >
        <span>{T.dropZone}</span>
        <button type="button" className="button button-secondary" onClick={() => input.current?.click()}>
          {T.chooseFiles}
        </button>
        <input
          ref={input}
          type="file"
          className="visually-hidden"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          multiple
          aria-label={T.chooseFiles}
          tabIndex={-1}
          onChange={(event) => {
            add(Array.from(event.currentTarget.files ?? []));
            event.currentTarget.value = '';
          }}
        />
      </div>
      {refused.map((text) => (
        <p key={text} className="field-error" role="alert">
          {text}
        </p>
      ))}
      {pending.length > 0 ? (
        <>
          <ul ref={list} className="media-pending" aria-label={T.uploadList}>
            {pending.map((entry) => (
              <li key={entry.key} className="media-pending-row">
                <FilePreview file={entry.file} />
                <div className="media-pending-fields">
                  <label className="field">
                    <span>{T.altText}</span>
                    <input
                      type="text"
                      data-key={entry.key}
                      aria-label={`${T.altText} for ${entry.file.name}`}
                      aria-invalid={entry.missingAlt || undefined}
                      aria-describedby={`${entry.key}-alt-hint`}
                      maxLength={1000}
                      required
                      value={entry.altText}
                      disabled={busy}
                      onChange={(event) => change(entry.key, { altText: event.target.value, missingAlt: false })}
                    />
                    <span id={`${entry.key}-alt-hint`} className={entry.missingAlt ? 'field-error' : 'field-hint'}>
                      {entry.missingAlt ? T.altTextRequired : T.altTextHint}
                    </span>
                  </label>
                  <label className="field">
                    <span>{T.name}</span>
                    <input type="text" aria-label={`${T.name} for ${entry.file.name}`} maxLength={200} value={entry.name} disabled={busy} onChange={(event) => change(entry.key, { name: event.target.value })} />
                  </label>
                  {entry.state === 'uploading' ? <progress max={100} value={entry.progress} aria-label={T.progressOf(entry.file.name)} /> : null}
                  {entry.state === 'failed' ? (
                    <div className="field-error" role="alert">
                      <strong>{T.uploadFailedTitle}</strong> {T.uploadFailed}: {entry.error}
                    </div>
                  ) : null}
                </div>
                <button type="button" className="button button-plain" disabled={busy} onClick={() => setPending((current) => current.filter((each) => each.key !== entry.key))}>
                  {T.removeFile(entry.file.name)}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void uploadAll()}>
            {T.uploadAll(pending.length)}
          </button>
        </>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
