import { useId, useState, type FormEvent } from 'react';
import type { OwnerStoreJson } from '@vitrine/contracts';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useBoot } from '../../../api/client';
import { useCan } from '../../../api/hooks';
import { Link } from '../../../app/router';
import { failureText } from '../../../ui/messages';
import { SEO_TEXTS, SeoFields, type SeoFieldsLayout } from '../../../ui/SeoFields';
import { Empty, OutcomeLine, ReadStates, type Outcome } from '../../../ui/states';
import { ImageIdField } from '../../pages/ImagePicker';
import { useStores, useUpdateStore } from '../../products/editor/editor-api';
import '../commerce/panels.css';
// The image picker's thumbnails and dialog are styled with the site editor's (prefixed) classes.
import '../../pages/pages.css';
import './stores.css';

export const STORES_TEXTS = {
  intro: 'How each store’s page appears in search results and when its link is shared.',
  readOnly: 'Your role may see the stores’ search and social settings but not change them.',
  ownDescription: 'the store’s description',
  pictureHint: 'The picture link previews show (og:image), chosen among the uploaded pictures. None chosen, link previews show none.',
  address: 'Address',
  save: 'Save',
  saveLabel: (title: string) => `Save ${title}`,
  saving: 'Saving…',
  saved: (title: string) => `${title} saved.`,
  none: 'No stores yet.',
  noneHelp: 'A store is made from Products, with Create store.',
  products: 'Go to Products',
  preview: 'Search result preview',
  previewNoDescription: 'Without a description the site’s own description is shown.',
} as const;

/** What the page head's title says (server pages: the page's title, then the site's). */
const headTitle = (title: string, site: string) => `${title} · ${site}`;
/** Text without its markup, cut where search results cut it (the server's META_DESCRIPTION_MAX, 160). */
const shownDescription = (text: string) => {
  const plain = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return plain.length > 160 ? `${plain.slice(0, 159).trimEnd()}…` : plain;
};

/** The site editor's image picker fields, in the panels' style. */
const LAYOUT: SeoFieldsLayout = { field: 'panel-field', hint: 'panel-help' };

/**
 * Settings → Stores: each store (product collection) of `GET /api/owner/stores` with its search and social
 * fields — SEO title, description and social picture (any uploaded picture, or none) — saved with
 * `PUT /api/owner/stores/:storeId`. A role without `store-settings:write` reads them without Save.
 */
export default function StoresSection() {
  const mayWrite = useCan('store-settings:write');
  const stores = useStores(true);
  return (
    <div className="panel stores-panel">
      <p className="panel-help">{STORES_TEXTS.intro}</p>
      {mayWrite ? null : <p className="panel-notice">{STORES_TEXTS.readOnly}</p>}
      <ReadStates
        read={stores}
        isEmpty={stores.data?.length === 0}
        empty={
          <Empty title={STORES_TEXTS.none}>
            <p>
              {STORES_TEXTS.noneHelp} <Link to="/config/products">{STORES_TEXTS.products}</Link>
            </p>
          </Empty>
        }
      >
        {(list) => list.map((store) => <StoreCard key={store.id} store={store} mayWrite={mayWrite} />)}
      </ReadStates>
    </div>
  );
}

interface StoreDraft {
  seoTitle: string;
  seoDescription: string;
  seoImageId: string | null;
}

const draftOf = (store: OwnerStoreJson): StoreDraft => ({ seoTitle: store.seoTitle, seoDescription: store.seoDescription, seoImageId: store.seoImageId });

function StoreCard({ store, mayWrite }: { store: OwnerStoreJson; mayWrite: boolean }) {
  const id = useId();
  const save = useUpdateStore();
  const [draft, setDraft] = useState<StoreDraft>(() => draftOf(store));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);

  const change = (next: Partial<StoreDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setOutcome(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setOutcome(null);
    save.mutate(
      { storeId: store.id, body: draft },
      {
        onSuccess: (answer) => {
          setDraft(draftOf(answer.store));
          setOutcome({ kind: 'done', text: STORES_TEXTS.saved(answer.store.title) });
        },
        onError: (error) => {
          setErrors(isOwnerApiError(error) ? error.errors ?? {} : {});
          setOutcome({ kind: 'refused', text: failureText(error) });
        },
      },
    );
  };

  return (
    <section className="card panel-card" aria-labelledby={`${id}-title`}>
      <header>
        <h2 id={`${id}-title`}>{store.title}</h2>
        <p className="panel-help">
          {STORES_TEXTS.address}: <a href={store.fullUrl}>{store.fullUrl}</a>
        </p>
      </header>
      <form className="stores-form" onSubmit={onSubmit} noValidate>
        <fieldset className="stores-fields">
          <legend className="stores-legend">{SEO_TEXTS.heading}</legend>
          <SeoFields
            value={draft}
            onChange={change}
            ownTitle={store.title}
            ownDescription={STORES_TEXTS.ownDescription}
            errors={{ seoTitle: errors.seoTitle, seoDescription: errors.seoDescription }}
            readOnly={!mayWrite}
            layout={LAYOUT}
          />
          <div className="stores-picture">
            <ImageIdField label={SEO_TEXTS.socialPicture} imageId={draft.seoImageId ?? ''} readOnly={!mayWrite} error={errors.seoImageId} onChange={(imageId) => change({ seoImageId: imageId || null })} />
            <p className="panel-help">{STORES_TEXTS.pictureHint}</p>
          </div>
        </fieldset>
        <SearchPreview store={store} draft={draft} />
        {mayWrite ? (
          <div className="panel-actions">
            <button type="submit" className="button button-primary" aria-label={STORES_TEXTS.saveLabel(store.title)} disabled={save.isPending}>
              {save.isPending ? STORES_TEXTS.saving : STORES_TEXTS.save}
            </button>
            <OutcomeLine outcome={outcome} className={outcome?.kind === 'refused' ? 'panel-error' : 'panel-status'} />
          </div>
        ) : null}
      </form>
    </section>
  );
}

/** How a search engine lists the store's page with what is typed (Shopify's "Search engine listing"). */
function SearchPreview({ store, draft }: { store: OwnerStoreJson; draft: StoreDraft }) {
  const site = useBoot().website.title;
  const id = useId();
  const description = shownDescription(draft.seoDescription) || shownDescription(store.description);
  return (
    <div className="stores-preview" role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="stores-preview-label">
        {STORES_TEXTS.preview}
      </p>
      <p className="stores-preview-title">{headTitle(draft.seoTitle.trim() || store.title, site)}</p>
      <p className="stores-preview-url">{`${window.location.origin}${store.fullUrl}`}</p>
      <p className={description ? 'stores-preview-description' : 'panel-help'}>{description || STORES_TEXTS.previewNoDescription}</p>
    </div>
  );
}
