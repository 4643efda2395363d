import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { PopupOverlayBody, PopupOverlayJson } from '@vitrine/contracts';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { PopupOverlayCard, popupButtonStyle } from '@vitrine/storefront/popup-overlay-card';
import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { failureText } from '../../ui/messages';
import { LoadFailed, Loading } from '../../ui/states';
import { useNewsletterForms, usePopupImages, usePopupOverlay, useSavePopupOverlay, useShowPopupAgain } from './popup-api';
import { draftOf, integerOf, POPUP_TEXTS as TEXTS, previewDesign, sameDraft } from './popup-draft';
import './popup.css';

/**
 * The popup overlay (issue 18) at `/config/popup`: every setting beside a preview drawn by the storefront's own
 * PopupOverlayCard, Save, and "Show again to visitors who closed it" (a new version). A role without content:write
 * sees the same form, disabled.
 */
export default function PopupScreen() {
  const query = usePopupOverlay();
  return (
    <>
      <ScreenHeading>{TEXTS.title}</ScreenHeading>
      <p className="popup-intro">{TEXTS.intro}</p>
      {query.isPending ? <Loading /> : query.isError ? <LoadFailed error={query.error} retry={() => void query.refetch()} /> : <PopupEditor saved={query.data} />}
    </>
  );
}

function PopupEditor({ saved }: { saved: PopupOverlayJson }) {
  const mayWrite = useCan('content:write');
  const save = useSavePopupOverlay();
  const showAgain = useShowPopupAgain();
  const images = usePopupImages();
  const forms = useNewsletterForms();
  const id = useId();
  const [stored, setStored] = useState(saved);
  const [draft, setDraft] = useState<PopupOverlayBody>(() => draftOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const [device, setDevice] = useState<Device>('desktop');
  const changed = !sameDraft(draft, draftOf(stored));

  const set = <K extends keyof PopupOverlayBody>(key: K, value: PopupOverlayBody[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setStatus('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setRefusal('');
    setErrors({});
    save.mutate(draft, {
      onSuccess: (answer) => {
        setStored(answer);
        setDraft(draftOf(answer));
        setStatus(TEXTS.saved);
      },
      onError: (error) => {
        setRefusal(failureText(error));
        if (isOwnerApiError(error)) setErrors({ ...error.errors });
      },
    });
  };

  const onShowAgain = () => {
    setStatus('');
    setRefusal('');
    showAgain.mutate(undefined, {
      onSuccess: (answer) => {
        setStored((current) => ({ ...current, version: answer.version, updatedAt: answer.updatedAt }));
        setStatus(TEXTS.shownAgain(answer.version));
      },
      onError: (error) => setRefusal(failureText(error)),
    });
  };

  const listedImages = images.data?.images ?? [];
  const chosenImage = listedImages.find((image) => image.id === draft.imageId);
  const previewImage = chosenImage
    ? { url: chosenImage.assetUrl, alt: chosenImage.altText }
    : draft.imageId !== null && draft.imageId === stored.imageId && stored.imageUrl
      ? { url: stored.imageUrl, alt: stored.imageAlt }
      : null;
  const field = (name: keyof PopupOverlayBody) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof PopupOverlayBody) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <div className="popup-screen">
      <form className="popup-form" onSubmit={onSubmit} noValidate aria-label={TEXTS.title}>
        {mayWrite ? null : <p className="popup-notice">{TEXTS.readOnly}</p>}
        {mayWrite ? (
          <div className="popup-actions">
            <button type="submit" className="button button-primary" disabled={save.isPending || !changed}>
              {save.isPending ? TEXTS.saving : TEXTS.save}
            </button>
            <button type="button" className="button button-secondary" disabled={showAgain.isPending || changed} onClick={onShowAgain}>
              {showAgain.isPending ? TEXTS.showingAgain : TEXTS.showAgain}
            </button>
            {changed ? <span className="popup-help">{TEXTS.unsaved}</span> : null}
            <p role="status" className="popup-status">
              {status}
            </p>
            <p role="alert" className="popup-error">
              {refusal}
            </p>
          </div>
        ) : null}
        <fieldset disabled={!mayWrite} className="popup-fieldsets">
          <Section title={TEXTS.status}>
            <div className="popup-check">
              <input id={`${id}-enabled`} type="checkbox" checked={draft.enabled} aria-describedby={`${id}-enabled-help`} onChange={(event) => set('enabled', event.target.checked)} />
              <label htmlFor={`${id}-enabled`}>{TEXTS.enabled}</label>
              <p id={`${id}-enabled-help`} className="popup-help">
                {TEXTS.enabledHelp} {TEXTS.version(stored.version)}.
              </p>
            </div>
          </Section>

          <Section title={TEXTS.content}>
            <div className="popup-field">
              <label htmlFor={`${id}-layout`}>{TEXTS.layout}</label>
              <select {...field('layout')} value={draft.layout} onChange={(event) => set('layout', event.target.value as PopupOverlayBody['layout'])}>
                {(Object.keys(TEXTS.layouts) as Array<keyof typeof TEXTS.layouts>).map((layout) => (
                  <option key={layout} value={layout}>
                    {TEXTS.layouts[layout]}
                  </option>
                ))}
              </select>
              {error('layout')}
            </div>
            {draft.layout !== 'none' ? (
              <div className="popup-field">
                <label htmlFor={`${id}-imageId`}>{TEXTS.image}</label>
                <select {...field('imageId')} value={draft.imageId ?? ''} onChange={(event) => set('imageId', event.target.value || null)}>
                  <option value="">{TEXTS.chooseImage}</option>
                  {draft.imageId && !chosenImage ? <option value={draft.imageId}>{stored.imageAlt || draft.imageId}</option> : null}
                  {listedImages.map((image) => (
                    <option key={image.id} value={image.id}>
                      {image.title || image.altText || image.filename}
                    </option>
                  ))}
                </select>
                {images.isSuccess && listedImages.length === 0 ? <p className="popup-help">{TEXTS.noImages}</p> : null}
                {error('imageId')}
              </div>
            ) : null}
            <div className="popup-field">
              <label htmlFor={`${id}-heading`}>{TEXTS.heading}</label>
              <input {...field('heading')} type="text" value={draft.heading} maxLength={150} onChange={(event) => set('heading', event.target.value)} />
              {error('heading')}
            </div>
            <div className="popup-field">
              <label htmlFor={`${id}-body`}>{TEXTS.body}</label>
              <textarea
                {...field('body')}
                aria-describedby={[`${id}-body-help`, errors.body ? `${id}-body-error` : ''].filter(Boolean).join(' ')}
                rows={4}
                value={draft.body}
                maxLength={1000}
                onChange={(event) => set('body', event.target.value)}
              />
              <p id={`${id}-body-help`} className="popup-help">
                {TEXTS.bodyHelp}
              </p>
              {error('body')}
            </div>
          </Section>

          <Section title={TEXTS.action}>
            <Choices name={`${id}-action`} legend={TEXTS.action} choices={TEXTS.actions} value={draft.action} onChange={(value) => set('action', value)} />
            {draft.action === 'button' ? (
              <div className="popup-row">
                <div className="popup-field">
                  <label htmlFor={`${id}-buttonLabel`}>{TEXTS.buttonLabel}</label>
                  <input {...field('buttonLabel')} type="text" value={draft.buttonLabel} maxLength={60} onChange={(event) => set('buttonLabel', event.target.value)} />
                  {error('buttonLabel')}
                </div>
                <div className="popup-field">
                  <label htmlFor={`${id}-buttonUrl`}>{TEXTS.buttonUrl}</label>
                  <input
                    {...field('buttonUrl')}
                    aria-describedby={[`${id}-buttonUrl-help`, errors.buttonUrl ? `${id}-buttonUrl-error` : ''].filter(Boolean).join(' ')}
                    type="text"
                    inputMode="url"
                    value={draft.buttonUrl}
                    onChange={(event) => set('buttonUrl', event.target.value)}
                  />
                  <p id={`${id}-buttonUrl-help`} className="popup-help">
                    {TEXTS.buttonUrlHelp}
                  </p>
                  {error('buttonUrl')}
                </div>
              </div>
            ) : (
              <div className="popup-field">
                <label htmlFor={`${id}-formId`}>{TEXTS.form}</label>
                <select {...field('formId')} value={draft.formId ?? ''} onChange={(event) => set('formId', event.target.value || null)}>
                  <option value="">{TEXTS.chooseForm}</option>
                  {(forms.data ?? []).map((form) => (
                    <option key={form.id} value={form.id}>
                      {form.name}
                    </option>
                  ))}
                </select>
                {forms.isSuccess && forms.data.length === 0 ? <p className="popup-help">{TEXTS.noForms}</p> : null}
                {error('formId')}
              </div>
            )}
          </Section>

          <Section title={TEXTS.trigger}>
            <Choices name={`${id}-trigger`} legend={TEXTS.trigger} choices={TEXTS.triggers} value={draft.trigger} onChange={(value) => set('trigger', value)} />
            {draft.trigger === 'delay' ? (
              <div className="popup-field popup-narrow">
                <label htmlFor={`${id}-delaySeconds`}>{TEXTS.delaySeconds}</label>
                <input {...field('delaySeconds')} type="number" min={0} max={120} step={1} value={Number.isNaN(draft.delaySeconds) ? '' : draft.delaySeconds} onChange={(event) => set('delaySeconds', integerOf(event.target.value))} />
                {error('delaySeconds')}
              </div>
            ) : (
              <div className="popup-field popup-narrow">
                <label htmlFor={`${id}-scrollPercent`}>{TEXTS.scrollPercent}</label>
                <input {...field('scrollPercent')} type="number" min={1} max={100} step={1} value={Number.isNaN(draft.scrollPercent) ? '' : draft.scrollPercent} onChange={(event) => set('scrollPercent', integerOf(event.target.value))} />
                {error('scrollPercent')}
              </div>
            )}
          </Section>

          <Section title={TEXTS.placement}>
            <fieldset className="popup-positions">
              <legend>{TEXTS.position}</legend>
              <div className="popup-position-grid">
                {(Object.keys(TEXTS.positions) as Array<keyof typeof TEXTS.positions>).map((position) => (
                  <label key={position} className="popup-position" title={TEXTS.positions[position]}>
                    <input type="radio" name={`${id}-position`} value={position} checked={draft.position === position} onChange={() => set('position', position)} />
                    <span>{TEXTS.positions[position]}</span>
                  </label>
                ))}
              </div>
              {error('position')}
            </fieldset>
            <div className="popup-field">
              <label htmlFor={`${id}-pages`}>{TEXTS.pages}</label>
              <select {...field('pages')} value={draft.pages} onChange={(event) => set('pages', event.target.value as PopupOverlayBody['pages'])}>
                {(Object.keys(TEXTS.pageChoices) as Array<keyof typeof TEXTS.pageChoices>).map((pages) => (
                  <option key={pages} value={pages}>
                    {TEXTS.pageChoices[pages]}
                  </option>
                ))}
              </select>
            </div>
          </Section>

          <Section title={TEXTS.overlay}>
            <div className="popup-row">
              <div className="popup-field popup-narrow">
                <label htmlFor={`${id}-overlayColor`}>{TEXTS.overlayColor}</label>
                <input {...field('overlayColor')} type="color" value={draft.overlayColor} onChange={(event) => set('overlayColor', event.target.value)} />
                {error('overlayColor')}
              </div>
              <div className="popup-field popup-narrow">
                <label htmlFor={`${id}-overlayOpacity`}>{TEXTS.overlayOpacity}</label>
                <input {...field('overlayOpacity')} type="number" min={0} max={100} step={5} value={Number.isNaN(draft.overlayOpacity) ? '' : draft.overlayOpacity} onChange={(event) => set('overlayOpacity', integerOf(event.target.value))} />
                {error('overlayOpacity')}
              </div>
            </div>
          </Section>
        </fieldset>

      </form>

      <section className="popup-preview card" aria-labelledby={`${id}-preview`}>
        <h2 id={`${id}-preview`}>{TEXTS.preview}</h2>
        <p className="popup-help">{TEXTS.previewHelp}</p>
        <Choices name={`${id}-device`} legend={TEXTS.previewDevice} choices={TEXTS.devices} value={device} onChange={setDevice} />
        <DeviceFrame device={device}>
          <div className="popup-preview-page" aria-hidden="true">
            <span />
            <span />
            <span />
            <span />
            <span />
          </div>
          <PopupOverlayCard
            preview
            design={previewDesign(draft, previewImage)}
            headingId={`${id}-preview-heading`}
            onClose={() => undefined}
            action={draft.action === 'button' ? <span style={popupButtonStyle}>{draft.buttonLabel || TEXTS.buttonLabel}</span> : <SampleSignUp />}
          />
        </DeviceFrame>
      </section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card popup-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Choices<V extends string>({ name, legend, choices, value, onChange }: { name: string; legend: string; choices: Record<V, string>; value: V; onChange: (value: V) => void }) {
  return (
    <fieldset className="popup-choices">
      <legend className="visually-hidden">{legend}</legend>
      {(Object.keys(choices) as V[]).map((choice) => (
        <label key={choice} className="popup-choice">
          <input type="radio" name={name} value={choice} checked={value === choice} onChange={() => onChange(choice)} />
          {choices[choice]}
        </label>
      ))}
    </fieldset>
  );
}

/** The newsletter form as the preview draws it: its look, not the real form. */
function SampleSignUp() {
  return (
    <div className="popup-sample-form">
      <span className="popup-sample-input">{TEXTS.sampleEmail}</span>
      <span style={popupButtonStyle}>{TEXTS.signUp}</span>
    </div>
  );
}

type Device = keyof typeof TEXTS.devices;

/** The size a preview device shows the page at, before it is scaled down to fit the card. */
const DEVICE_SIZES: Record<Device, { width: number; height: number }> = { desktop: { width: 1024, height: 680 }, phone: { width: 390, height: 760 } };
const PHONE_FRAME_HEIGHT = 520;

/**
 * A page of the device's size (the popup laid out as a visitor's screen would lay it out: side by side on a
 * desktop, stacked on a phone), scaled down to the card. Inert: a picture of the popup, not a second one to use.
 */
function DeviceFrame({ device, children }: { device: Device; children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = outer.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const size = DEVICE_SIZES[device];
  const scale = device === 'desktop' ? (width || size.width) / size.width : PHONE_FRAME_HEIGHT / size.height;
  return (
    <div ref={outer} className="popup-preview-stage" data-device={device}>
      <div className="popup-preview-frame" inert style={{ width: size.width * scale, height: size.height * scale }}>
        <div className="popup-preview-viewport" style={{ width: size.width, height: size.height, transform: `scale(${scale})` }}>
          {children}
        </div>
      </div>
    </div>
  );
}
