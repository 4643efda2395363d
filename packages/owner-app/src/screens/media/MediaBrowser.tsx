import { useDeferredValue, useId, useRef, useState } from 'react';
import { humanizeFileSize } from '@vitrine/format/text';
import { useCan } from '../../api/hooks';
import { Loading, LoadFailed } from '../../ui/states';
import { useMediaList, useMediaUpload, type MediaItem } from './media-api';
import { MediaUploader } from './MediaUploader';
import { MEDIA_TEXTS as T } from './texts';
import './media.css';

/**
 * The library as a grid: a search by name or alt text, the uploader (for owners who may upload), and one button
 * per picture. The Media screen opens a picture's details with it; the pages editor's picture picker and the
 * library's own "replace" choose a picture with it (`chooseLabel`), and a picture uploaded there is chosen at once.
 */
export function MediaBrowser({
  onSelect,
  selectLabel = (item) => T.select(item.name),
  selectedId,
  excludeId,
  chooseUploaded = false,
}: {
  onSelect: (item: MediaItem) => void;
  selectLabel?: (item: MediaItem) => string;
  selectedId?: string | null;
  excludeId?: string;
  /** Choose the first picture uploaded here (the picker): uploading from the picker is choosing. */
  chooseUploaded?: boolean;
}) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const deferred = useDeferredValue(search.trim());
  const media = useMediaList(deferred);
  const mayUpload = useCan('media:write');
  const { upload, uploaded } = useMediaUpload();
  const items = (media.data?.media ?? []).filter((item) => item.id !== excludeId);
  const chosen = useRef(false);
  return (
    <div className="media-browser">
      {mayUpload ? (
        <MediaUploader
          upload={upload}
          onAllDone={uploaded}
          onUploaded={(item) => {
            if (chooseUploaded && !chosen.current) {
              chosen.current = true;
              onSelect(item);
            }
          }}
        />
      ) : null}
      <div className="field media-search">
        <label htmlFor={searchId}>{T.search}</label>
        <input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} aria-describedby={`${searchId}-hint`} maxLength={200} />
        <span id={`${searchId}-hint`} className="field-hint">
          {T.searchHint}
        </span>
      </div>
      {media.isPending ? <Loading /> : null}
      {media.isError ? <LoadFailed error={media.error} retry={() => void media.refetch()} /> : null}
      {media.data && items.length === 0 ? <p className="media-empty">{deferred ? T.noMatch(deferred) : T.empty}</p> : null}
      {items.length > 0 ? (
        <ul className="media-grid" aria-label={T.libraryList}>
          {items.map((item) => (
            <li key={item.id}>
              <button type="button" className="media-tile" aria-label={selectLabel(item)} aria-pressed={selectedId === undefined ? undefined : selectedId === item.id} onClick={() => onSelect(item)}>
                <img src={`${item.assetUrl}?format=300w`} alt="" loading="lazy" />
                <span className="media-tile-name">{item.name}</span>
                <span className="media-tile-size">{humanizeFileSize(item.byteSize)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
