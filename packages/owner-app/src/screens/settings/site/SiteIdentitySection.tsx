import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SiteIdentityJson } from '@vitrine/contracts';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useCan } from '../../../api/hooks';
import { failureText } from '../../../ui/messages';
import { LoadFailed, Loading, OutcomeLine, type Outcome } from '../../../ui/states';
import { contentKeys, useImages } from '../../pages/content-api';
import { ImageIdField } from '../../pages/ImagePicker';
import { AltTextPrompt } from '../../products/editor/AltTextPrompt';
import { checkUploadFile, UploadError, uploadImageWithProgress, UPLOAD_TEXTS } from '../../products/editor/upload';
import { checkDraft, draftOf, SITE_IDENTITY_FIELD_LIMITS as LIMITS, SITE_IDENTITY_TEXTS as T, useSaveSiteIdentity, useSiteIdentity, type SiteIdentityDraft } from './site-identity-api';
import '../commerce/panels.css';
// The image picker's thumbnails and dialog are the site editor's (prefixed) classes; the upload's and the alt-text
// question's are the product editor's.
import '../../pages/pages.css';
import '../../products/editor/editor.css';
import './site-identity.css';

/**
 * Settings → Site identity (issue 33 item 1; `GET`/`PUT /api/owner/site-settings/identity`): the site's title and
 * tagline, its logo with the logo's alt text, the favicon and the social sharing picture — each picture chosen among
 * the uploaded ones (the site editor's picker) or uploaded here (the product editor's upload, a logo after its alt
 * text is asked) — with a preview of the header, footer and browser tab that follows the draft. Save sends every
 * field; the server's 400 `errors` show by their fields. A role without `site-identity:write` reads it.
 */
export default function SiteIdentitySection() {
  const query = useSiteIdentity();
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed error={query.error} retry={() => void query.refetch()} />;
  return <SiteIdentityForm saved={query.data} />;
}

type Errors = Partial<Record<keyof SiteIdentityDraft, string>>;

function SiteIdentityForm({ saved }: { saved: SiteIdentityJson }) {
  const mayWrite = useCan('site-identity:write');
  const mayUploadPictures = useCan('catalog:write');
  const mayUpload = mayWrite && mayUploadPictures;
  const save = useSaveSiteIdentity();
  const id = useId();
  // The owner's until a save answers: a refetch or a refused save never overwrites the typing.
  const [draft, setDraft] = useState<SiteIdentityDraft>(() => draftOf(saved));
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  const change = (next: Partial<SiteIdentityDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setOutcome(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found = checkDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setOutcome({ kind: 'refused', text: T.fixFirst });
      return;
    }
    save.mutate(draft, {
      onSuccess: (answer) => {
        setDraft(draftOf(answer));
        setOutcome({ kind: 'done', text: T.saved });
      },
      onError: (error) => {
        setErrors(isOwnerApiError(error) ? (error.errors ?? {}) : {});
        setOutcome({ kind: 'refused', text: failureText(error) });
        requestAnimationFrame(() => outcomeRef.current?.focus());
      },
    });
  };

  return (
    <form className="panel site-identity" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-intro`}>
      <p id={`${id}-intro`} className="panel-intro">
        {T.intro}
      </p>
      {mayWrite ? null : <p className="panel-notice">{T.readOnly}</p>}
      <div className="site-identity-grid">
        <div className="site-identity-fields">
          <section className="card panel-card" aria-labelledby={`${id}-name`}>
            <h2 id={`${id}-name`}>{T.nameHeading}</h2>
            <TextField label={T.siteTitle} hint={T.siteTitleHint} value={draft.siteTitle} maxLength={LIMITS.siteTitleLength} error={errors.siteTitle} readOnly={!mayWrite} required onChange={(siteTitle) => change({ siteTitle })} />
            <TextField label={T.tagline} hint={T.taglineHint} value={draft.tagline} maxLength={LIMITS.taglineLength} error={errors.tagline} readOnly={!mayWrite} onChange={(tagline) => change({ tagline })} />
          </section>
          <section className="card panel-card" aria-labelledby={`${id}-pictures`}>
            <h2 id={`${id}-pictures`}>{T.picturesHeading}</h2>
            <PictureField
              label={T.logo}
              hint={T.logoHint}
              imageId={draft.logoImageId}
              error={errors.logoImageId}
              readOnly={!mayWrite}
              mayUpload={mayUpload}
              askAltText
              onChange={(logoImageId, altText) => change({ logoImageId, ...(logoImageId === null ? { logoAltText: '' } : altText ? { logoAltText: altText } : {}) })}
            >
              {draft.logoImageId ? (
                <TextField label={T.logoAltText} hint={T.logoAltHint} value={draft.logoAltText} maxLength={LIMITS.logoAltTextLength} error={errors.logoAltText} readOnly={!mayWrite} required onChange={(logoAltText) => change({ logoAltText })} />
              ) : null}
            </PictureField>
            <PictureField label={T.favicon} hint={T.faviconHint} imageId={draft.faviconImageId} error={errors.faviconImageId} readOnly={!mayWrite} mayUpload={mayUpload} onChange={(faviconImageId) => change({ faviconImageId })} />
            <PictureField label={T.socialImage} hint={T.socialImageHint} imageId={draft.socialImageId} error={errors.socialImageId} readOnly={!mayWrite} mayUpload={mayUpload} onChange={(socialImageId) => change({ socialImageId })} />
          </section>
        </div>
        <IdentityPreview draft={draft} saved={saved} />
      </div>
      {mayWrite ? (
        <div className="panel-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? T.saving : T.save}
          </button>
          <OutcomeLine ref={outcomeRef} tabIndex={-1} outcome={outcome} className={outcome?.kind === 'refused' ? 'panel-error' : 'panel-status'} />
        </div>
      ) : null}
    </form>
  );
}

function TextField({ label, hint, value, maxLength, error, readOnly, required = false, onChange }: {
  label: string;
  hint: string;
  value: string;
  maxLength: number;
  error?: string;
  readOnly: boolean;
  required?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="panel-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={value}
        maxLength={maxLength}
        readOnly={readOnly}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${id}-hint`} className="panel-help">
        {hint}
      </span>
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * One of the identity's pictures: the site editor's picker (the chosen thumbnail, Choose / Change / Remove image)
 * and, for a role that may upload, a new picture uploaded with its progress. A logo's upload first asks what the logo
 * says (AltTextPrompt), which becomes its alt text.
 */
function PictureField({ label, hint, imageId, error, readOnly, mayUpload, askAltText = false, onChange, children }: {
  label: string;
  hint: string;
  imageId: string | null;
  error?: string;
  readOnly: boolean;
  mayUpload: boolean;
  askAltText?: boolean;
  onChange: (imageId: string | null, altText?: string) => void;
  children?: ReactNode;
}) {
  const id = useId();
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<File | null>(null);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (file: File, altText?: string) => {
    setAsking(null);
    setProgress({ name: file.name, percent: 0 });
    try {
      const asset = await uploadImageWithProgress(client, file, { onProgress: (fraction) => setProgress({ name: file.name, percent: Math.round(fraction * 100) }) });
      // The picker's list (newest first) now holds it, so its thumbnail shows.
      await queryClient.invalidateQueries({ queryKey: contentKeys.images() });
      onChange(asset.id, altText);
    } catch (caught) {
      setFailure(caught instanceof UploadError ? caught.detail : UPLOAD_TEXTS.notCompleted);
    } finally {
      setProgress(null);
    }
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    const refusal = checkUploadFile(file);
    if (refusal) {
      setFailure(refusal);
      return;
    }
    if (askAltText) setAsking(file);
    else void send(file);
  };

  return (
    <div className="site-identity-picture">
      <ImageIdField
        label={label}
        imageId={imageId ?? ''}
        readOnly={readOnly}
        error={error}
        onChange={(chosen) => onChange(chosen || null)}
        actions={
          mayUpload ? (
            <span className="site-identity-upload">
              <input id={`${id}-file`} type="file" className="visually-hidden-file" accept="image/jpeg,image/png,image/webp,image/gif,image/avif" onChange={pick} disabled={progress !== null || asking !== null} />
              <label htmlFor={`${id}-file`} className="button button-secondary">
                {T.upload}
                <span className="visually-hidden"> ({label.toLowerCase()})</span>
              </label>
            </span>
          ) : null
        }
      />
      <p className="panel-help">{hint}</p>
      {asking ? <AltTextPrompt file={asking} hint={T.describeLogoHint} onUpload={(altText) => void send(asking, altText)} onCancel={() => setAsking(null)} /> : null}
      <div role="status" className="editor-progress">
        {progress ? (
          <>
            <label htmlFor={`${id}-progress`}>{UPLOAD_TEXTS.uploading(progress.name)}</label>
            <progress id={`${id}-progress`} max={100} value={progress.percent} />
            <span>{UPLOAD_TEXTS.progress(progress.percent)}</span>
          </>
        ) : null}
      </div>
      {failure ? (
        <div role="alert" className="editor-upload-failed">
          <p className="editor-upload-title">{UPLOAD_TEXTS.failedTitle}</p>
          <p>{UPLOAD_TEXTS.failed}</p>
          <p>{failure}</p>
        </div>
      ) : null}
      {children}
    </div>
  );
}

/** The chosen picture's address: from the pictures list, else the one saved (the list holds the newest 100). */
function usePictureUrl(imageId: string | null, savedId: string | null, savedUrl: string | null): string | null {
  const images = useImages(imageId !== null);
  if (!imageId) return null;
  return images.data?.images.find((image) => image.id === imageId)?.assetUrl ?? (imageId === savedId ? savedUrl : null);
}

/** The header, the footer's brand and a browser tab as the storefront's theme draws them, following the draft. */
function IdentityPreview({ draft, saved }: { draft: SiteIdentityDraft; saved: SiteIdentityJson }) {
  const id = useId();
  const logoUrl = usePictureUrl(draft.logoImageId, saved.logoImageId, saved.logoUrl);
  const faviconUrl = usePictureUrl(draft.faviconImageId, saved.faviconImageId, saved.faviconUrl);
  const title = draft.siteTitle.trim() || saved.siteTitle;
  return (
    <section className="card panel-card site-identity-preview" aria-labelledby={`${id}-preview`}>
      <h2 id={`${id}-preview`}>{T.preview}</h2>
      <p className="panel-help">{T.previewHelp}</p>
      <div className="identity-tab">
        {faviconUrl ? <img src={`${faviconUrl}?format=icon-32`} alt="" width={16} height={16} /> : <span className="identity-tab-icon" aria-hidden="true" />}
        <span>{T.tabTitle(title)}</span>
      </div>
      <div className="identity-header">
        {logoUrl ? <img className="identity-logo" src={`${logoUrl}?format=500w`} alt={draft.logoAltText.trim()} /> : <span className="identity-title">{title}</span>}
        <span className="identity-nav" aria-hidden="true">
          {T.previewNav.map((word) => (
            <span key={word}>{word}</span>
          ))}
        </span>
      </div>
      <div className="identity-footer">
        <span className="identity-footer-title">{title}</span>
        {draft.tagline.trim() ? <span className="identity-footer-tagline">{draft.tagline.trim()}</span> : null}
      </div>
    </section>
  );
}
