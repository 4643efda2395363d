import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ProductFeedSettingsJson } from '@vitrine/contracts';
import { useCan } from '../../../api/hooks';
import { useConfirm } from '../../../ui/confirm';
import { failureText } from '../../../ui/messages';
import { LoadFailed, Loading } from '../../../ui/states';
import { trackPanelEvent } from '../../../ui/track';
import { copyText, COPY_TEXTS } from '../api-keys/clipboard';
import { ADS_FEED_TEXTS, parsePixelId, useProductFeed, useRotateFeedUrl, useSavePixel } from './ads-feed-api';
import '../commerce/panels.css';
import { Outcome } from '../../../ui/outcome';

/** Settings → Dynamic ads feed (platform §2's 'dynamic-ads-feed' panel): the feed URL to copy or renew, and the pixel id. */
export default function AdsFeedSection() {
  const feed = useProductFeed();
  if (feed.isPending) return <Loading />;
  if (feed.isError) return <LoadFailed error={feed.error} retry={() => void feed.refetch()} />;
  return (
    <div className="panel">
      <FeedUrl settings={feed.data} />
      <PixelForm saved={feed.data.pixelId} />
    </div>
  );
}

function FeedUrl({ settings }: { settings: ProductFeedSettingsJson }) {
  const mayWrite = useCan('store-settings:write');
  const { confirm } = useConfirm();
  const rotate = useRotateFeedUrl();
  const field = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const id = useId();

  const onCopy = async () => {
    setRefusal('');
    const copied = await copyText(settings.feedUrl, field.current);
    trackPanelEvent('dynamic-ads-feed', 'url-copy');
    setStatus(copied ? COPY_TEXTS.copied : COPY_TEXTS.selectToCopy);
  };

  const onNewUrl = async () => {
    setStatus('');
    setRefusal('');
    const yes = await confirm({ title: ADS_FEED_TEXTS.confirmTitle, message: ADS_FEED_TEXTS.confirmMessage, confirmLabel: ADS_FEED_TEXTS.confirmLabel, destructive: true });
    if (!yes) return;
    rotate.mutate(undefined, { onSuccess: () => setStatus(ADS_FEED_TEXTS.rotated), onError: (error) => setRefusal(failureText(error)) });
  };

  return (
    <section className="card panel-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Product feed</h2>
      <p className="panel-intro">{ADS_FEED_TEXTS.intro}</p>
      <div className="panel-field">
        <label htmlFor={id}>{ADS_FEED_TEXTS.feedUrl}</label>
        <div className="panel-row">
          <input ref={field} id={id} type="text" readOnly value={settings.feedUrl} className="panel-mono" aria-describedby={`${id}-help`} onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="button button-primary" aria-label={ADS_FEED_TEXTS.copyLabel} onClick={() => void onCopy()}>
            {ADS_FEED_TEXTS.copy}
          </button>
          {mayWrite ? (
            <button type="button" className="button button-secondary" disabled={rotate.isPending} onClick={() => void onNewUrl()}>
              {ADS_FEED_TEXTS.newUrl}
            </button>
          ) : null}
        </div>
        <p id={`${id}-help`} className="panel-help">
          {ADS_FEED_TEXTS.feedUrlHelp}
        </p>
      </div>
      <Outcome status={status} refusal={refusal} />
    </section>
  );
}

function PixelForm({ saved }: { saved: string | null }) {
  const mayWrite = useCan('store-settings:write');
  const save = useSavePixel();
  const [text, setText] = useState(saved ?? '');
  const [invalid, setInvalid] = useState('');
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const id = useId();
  useEffect(() => setText(saved ?? ''), [saved]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setRefusal('');
    const pixelId = parsePixelId(text);
    if (pixelId === undefined) {
      setInvalid(ADS_FEED_TEXTS.pixelInvalid);
      setRefusal(ADS_FEED_TEXTS.pixelInvalid);
      return;
    }
    setInvalid('');
    trackPanelEvent('dynamic-ads-feed', 'pixel-id-save');
    save.mutate(pixelId, {
      onSuccess: () => setStatus(pixelId === null ? ADS_FEED_TEXTS.removed : ADS_FEED_TEXTS.saved),
      onError: (error) => setRefusal(failureText(error)),
    });
  };

  return (
    <section className="card panel-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Pixel</h2>
      <form className="panel-field" onSubmit={onSubmit} noValidate>
        <label htmlFor={id}>{ADS_FEED_TEXTS.pixel}</label>
        <div className="panel-row">
          <input
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            value={text}
            readOnly={!mayWrite}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-help ${id}-error` : `${id}-help`}
            onChange={(event) => {
              setText(event.target.value);
              setStatus('');
            }}
          />
          {mayWrite ? (
            <button type="submit" className="button button-primary" disabled={save.isPending}>
              {save.isPending ? ADS_FEED_TEXTS.saving : ADS_FEED_TEXTS.savePixel}
            </button>
          ) : null}
        </div>
        <p id={`${id}-help`} className="panel-help">
          {ADS_FEED_TEXTS.pixelHelp}
        </p>
        <p role="status" className="panel-status">
          {status}
        </p>
        <p id={`${id}-error`} role="alert" className="panel-error">
          {refusal}
        </p>
      </form>
    </section>
  );
}
