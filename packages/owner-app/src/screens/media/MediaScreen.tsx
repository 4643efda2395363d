import { useEffect, useId, useRef, useState } from 'react';
import { humanizeFileSize } from '@vitrine/format/text';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { useConfirm } from '../../ui/confirm';
import { failureText } from '../../ui/messages';
import { Loading, LoadFailed } from '../../ui/states';
import { PagesDialog } from '../pages/PagesDialog';
import { MediaBrowser } from './MediaBrowser';
import { useDeleteMedia, useMediaUses, useRenameMedia, useReplaceMedia, type MediaItem, type MediaPlace } from './media-api';
import { MEDIA_TEXTS as T } from './texts';
import './media.css';

/**
 * Media (issue 34 item 5): the website's pictures in one place — upload (drag and drop or the file input, several at
 * once, alt text asked per file), search, and for the picture opened: rename, where it is used, replace it
 * everywhere with another, delete it (refused while used unless the owner confirms the very list of places).
 */
export default function MediaScreen() {
  const [open, setOpen] = useState<MediaItem | null>(null);
  return (
    <>
      <ScreenHeading>{T.title}</ScreenHeading>
      <div className={`media-layout${open ? ' media-layout-open' : ''}`}>
        <MediaBrowser onSelect={setOpen} selectedId={open?.id ?? null} />
        {open ? <MediaDetails key={open.id} item={open} onClose={() => setOpen(null)} onGone={() => setOpen(null)} onRenamed={setOpen} /> : null}
      </div>
    </>
  );
}

/** 'Home (draft)': a place as the owner reads it. */
const placeText = (place: MediaPlace) => `${place.title}${place.detail ? ` (${place.detail})` : ''}`;

function PlaceList({ places }: { places: readonly { key: string; text: string }[] }) {
  return (
    <ul className="media-places">
      {places.map((place) => (
        <li key={place.key}>{place.text}</li>
      ))}
    </ul>
  );
}

function MediaDetails({ item, onClose, onGone, onRenamed }: { item: MediaItem; onClose: () => void; onGone: () => void; onRenamed: (item: MediaItem) => void }) {
  const titleId = useId();
  const mayWrite = useCan('media:write');
  const uses = useMediaUses(item.id);
  const rename = useRenameMedia();
  const replace = useReplaceMedia();
  const remove = useDeleteMedia();
  const confirm = useConfirm();
  const [name, setName] = useState(item.name);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  useEffect(() => setName(item.name), [item.name]);
  // Opened from the grid: its heading takes focus (keyboard and screen-reader users land on it), and on a phone,
  // where the details sit below the grid, it scrolls into view.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const submitRename = async () => {
    setRenameError(null);
    if (name.trim() === '') {
      setRenameError('A file name must be 1 to 200 characters.');
      return;
    }
    try {
      const renamed = await rename.mutateAsync({ imageId: item.id, name });
      setNotice(T.renamed);
      onRenamed(renamed);
    } catch (error) {
      setRenameError(isOwnerApiError(error) ? (error.errors.name ?? failureText(error)) : failureText(error));
    }
  };

  /** Asks, then deletes; a 409 (a place added meanwhile, or never seen) shows the server's list and asks again. */
  const deleteWith = async (places: readonly { key: string; text: string }[]) => {
    const agreed = await confirm.confirm(
      places.length === 0
        ? { title: T.deleteTitle(item.name), message: T.deleteUnused, confirmLabel: T.delete, destructive: true }
        : {
            title: T.deleteUsedTitle(item.name),
            message: (
              <>
                <p>{T.deleteUsed}</p>
                <PlaceList places={places} />
              </>
            ),
            confirmLabel: T.deleteAnyway,
            destructive: true,
          },
    );
    if (!agreed) return;
    try {
      await remove.mutateAsync({ imageId: item.id, removeFrom: places.map((place) => place.key) });
      setNotice(T.deleted(item.name));
      onGone();
    } catch (error) {
      if (isOwnerApiError(error, 409)) {
        await deleteWith(Object.entries(error.errors).map(([key, text]) => ({ key, text })));
        return;
      }
      setActionError(failureText(error));
    }
  };

  const replaceWith = async (other: MediaItem) => {
    setChoosing(false);
    const summary = uses.data?.summary ?? '';
    if (!(await confirm.confirm({ title: T.replaceTitle(item.name), message: T.replaceConfirm(other.name, summary), confirmLabel: T.replace.replace('…', '') }))) return;
    try {
      const result = await replace.mutateAsync({ imageId: item.id, withImageId: other.id });
      setNotice(T.replaced(result.summary));
      await uses.refetch();
    } catch (error) {
      setActionError(failureText(error));
    }
  };

  const places = uses.data?.places ?? [];
  return (
    <section className="card media-details" aria-labelledby={titleId}>
      <div className="media-details-head">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {T.details(item.name)}
        </h2>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {T.close}
        </button>
      </div>
      <img className="media-details-preview" src={`${item.assetUrl}?format=750w`} alt={item.altText} />
      <dl className="media-facts">
        <dt>{T.altText}</dt>
        <dd>{item.altText || '—'}</dd>
        <dt>{T.dimensions}</dt>
        <dd>{item.originalSize.replace('x', ' × ')} px</dd>
        <dt>{T.size}</dt>
        <dd>{humanizeFileSize(item.byteSize)}</dd>
      </dl>
      {mayWrite ? (
        <form
          className="media-rename"
          onSubmit={(event) => {
            event.preventDefault();
            void submitRename();
          }}
        >
          <label className="field">
            <span>{T.renameLabel}</span>
            <input type="text" value={name} maxLength={200} aria-invalid={renameError ? true : undefined} aria-describedby={renameError ? `${titleId}-rename-error` : undefined} onChange={(event) => setName(event.target.value)} />
          </label>
          <button type="submit" className="button button-secondary" disabled={rename.isPending}>
            {T.rename}
          </button>
          {renameError ? (
            <div className="field-error" role="alert" id={`${titleId}-rename-error`}>
              <strong>{T.renameFailedTitle}</strong> {T.renameFailed}: {renameError}
            </div>
          ) : null}
        </form>
      ) : null}
      <h3>{T.whereUsed}</h3>
      {uses.isPending ? <Loading /> : null}
      {uses.isError ? <LoadFailed error={uses.error} retry={() => void uses.refetch()} /> : null}
      {uses.data ? (
        places.length === 0 ? (
          <p>{T.notUsed}</p>
        ) : (
          <>
            <p>{T.usedSummary(uses.data.summary)}</p>
            <PlaceList places={places.map((place) => ({ key: place.key, text: placeText(place) }))} />
          </>
        )
      ) : null}
      {mayWrite ? (
        <div className="media-actions">
          <button type="button" className="button button-secondary" onClick={() => setChoosing(true)} disabled={places.length === 0}>
            {T.replace}
          </button>
          <button type="button" className="button button-destructive" disabled={!uses.data || remove.isPending} onClick={() => void deleteWith(places.map((place) => ({ key: place.key, text: placeText(place) })))}>
            {T.delete}
          </button>
        </div>
      ) : null}
      {actionError ? (
        <p className="field-error" role="alert">
          {actionError}
        </p>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {notice}
      </p>
      {choosing ? (
        <PagesDialog title={T.replaceChoose} className="media-dialog" onClose={() => setChoosing(false)}>
          <MediaBrowser onSelect={(other) => void replaceWith(other)} selectLabel={(other) => T.choose(other.name)} excludeId={item.id} chooseUploaded />
        </PagesDialog>
      ) : null}
    </section>
  );
}
