import { lazy, Suspense, useEffect, useState } from 'react';
import type { PopupOverlayDesign } from './PopupOverlayCard';
import type { SiteFormDefinition } from './SiteForm';

/** The popup as the page carries it (the server's popup-overlay/ StorefrontPopupOverlay). */
export interface PopupOverlayProps {
  popup: PopupOverlayDesign & {
    /** Namespaces the visitor's stored keys (popup-overlay-rules.ts). */
    websiteId: string;
    version: number;
    action: { kind: 'button'; label: string; url: string } | { kind: 'newsletter'; form: SiteFormDefinition };
    trigger: { kind: 'delay'; seconds: number } | { kind: 'scroll'; percent: number };
  };
}

const PopupOverlayView = lazy(() => import('./PopupOverlayView').then((module) => ({ default: module.PopupOverlayView })));

/**
 * The owner's popup overlay (issue 18). Nothing is in the page's HTML: after hydration this shell loads the popup's
 * chunk (PopupOverlayView: the trigger, the stored keys, the dialog), so the every-page script only grows by this.
 */
export function PopupOverlay(props: PopupOverlayProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <PopupOverlayView {...props} />
    </Suspense>
  );
}
