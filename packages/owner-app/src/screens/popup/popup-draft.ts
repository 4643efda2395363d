import type { PopupOverlayBody, PopupOverlayJson } from '@vitrine/contracts';
import type { PopupOverlayDesign } from '@vitrine/storefront/popup-overlay-card';

/** The screen's words. */
export const POPUP_TEXTS = {
  title: 'Popup',
  intro: 'A promotion or newsletter sign-up shown over your pages once per visitor, after a delay or once they scroll. Never on checkout.',
  readOnly: 'Your role may look at the popup but not change it.',
  status: 'Status',
  enabled: 'Show the popup on the site',
  enabledHelp: 'Off: no page shows it. Your design is kept.',
  content: 'Content',
  layout: 'Layout',
  layouts: { 'image-left': 'Image on the left', 'image-right': 'Image on the right', 'image-top': 'Image on top', none: 'No image' },
  heading: 'Heading',
  body: 'Text',
  bodyHelp: 'Plain text; line breaks are kept.',
  image: 'Image',
  chooseImage: 'Choose an image',
  noImages: 'No pictures yet: upload one in Products first.',
  action: 'Action',
  actions: { button: 'A button linking to a page', newsletter: 'A newsletter sign-up form' },
  buttonLabel: 'Button label',
  buttonUrl: 'Button link',
  buttonUrlHelp: 'A page of this site (/shop) or a web address (https://…).',
  form: 'Newsletter form',
  chooseForm: 'Choose a newsletter form',
  noForms: 'No newsletter form yet: create one in Forms.',
  trigger: 'When it appears',
  triggers: { delay: 'After a delay', scroll: 'Once the visitor scrolls' },
  delaySeconds: 'Delay (seconds)',
  scrollPercent: 'Scrolled down the page (%)',
  placement: 'Where it appears',
  position: 'Position',
  positions: {
    TOP_LEFT: 'Top left', TOP_CENTER: 'Top centre', TOP_RIGHT: 'Top right',
    CENTER_LEFT: 'Centre left', CENTER_CENTER: 'Centre', CENTER_RIGHT: 'Centre right',
    BOTTOM_LEFT: 'Bottom left', BOTTOM_CENTER: 'Bottom centre', BOTTOM_RIGHT: 'Bottom right',
  },
  pages: 'Pages',
  pageChoices: { all: 'Every page', home: 'The home page only', 'not-cart': 'Every page but the cart' },
  overlay: 'Overlay',
  overlayColor: 'Overlay colour',
  overlayOpacity: 'Overlay opacity (%)',
  preview: 'Preview',
  previewHelp: 'How visitors see it. Shown once: closing it or signing up hides it for that visitor.',
  previewDevice: 'Preview on',
  devices: { desktop: 'Desktop', phone: 'Phone' },
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  showAgain: 'Show again to visitors who closed it',
  showingAgain: 'Asking…',
  shownAgain: (version: number) => `Visitors who closed it will see it again (version ${version}).`,
  version: (version: number) => `Version ${version}`,
  unsaved: 'Unsaved changes',
  sampleEmail: 'Email address',
  signUp: 'Sign up',
  headingPlaceholder: 'Your heading',
} as const;

/** The saved popup as the form's starting point (the contract's body: every field). */
export function draftOf(popup: PopupOverlayJson): PopupOverlayBody {
  return {
    enabled: popup.enabled,
    layout: popup.layout,
    heading: popup.heading,
    body: popup.body,
    imageId: popup.imageId,
    action: popup.action,
    buttonLabel: popup.buttonLabel,
    buttonUrl: popup.buttonUrl,
    formId: popup.formId,
    trigger: popup.trigger,
    delaySeconds: popup.delaySeconds,
    scrollPercent: popup.scrollPercent,
    position: popup.position,
    pages: popup.pages,
    overlayColor: popup.overlayColor,
    overlayOpacity: popup.overlayOpacity,
  };
}

export function sameDraft(a: PopupOverlayBody, b: PopupOverlayBody): boolean {
  return (Object.keys(a) as Array<keyof PopupOverlayBody>).every((key) => a[key] === b[key]);
}

/** What the preview draws: the draft with its picture's address (looked up among the listed pictures). */
export function previewDesign(draft: PopupOverlayBody, image: { url: string; alt: string } | null): PopupOverlayDesign {
  return {
    layout: draft.layout,
    heading: draft.heading.trim() === '' ? POPUP_TEXTS.headingPlaceholder : draft.heading,
    body: draft.body,
    image: draft.layout === 'none' ? null : image,
    position: draft.position,
    overlayColor: draft.overlayColor,
    overlayOpacity: draft.overlayOpacity,
  };
}

/** A number field's text as an integer, or the text itself when it is not one (the server says why). */
export function integerOf(text: string): number {
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}
