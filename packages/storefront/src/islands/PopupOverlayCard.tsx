import type { CSSProperties, ReactNode, Ref } from 'react';

/**
 * The popup overlay as it looks (platform §3 slide type popup-overlay): the backdrop in the owner's colour and
 * opacity, the panel at its place in the 3x3 grid, the picture beside or above the heading, body and action.
 * Presentation only, styled inline so it looks the same on any theme and in the owner app's preview (which
 * renders this very component, `@vitrine/storefront/popup-overlay-card`); the theme's variables win when set.
 */

export type PopupLayout = 'image-left' | 'image-right' | 'image-top' | 'none';

export interface PopupOverlayDesign {
  layout: PopupLayout;
  heading: string;
  /** Plain text; its line breaks are kept. */
  body: string;
  image: { url: string; alt: string } | null;
  /** TOP_LEFT … BOTTOM_RIGHT. */
  position: string;
  /** '#rrggbb'. */
  overlayColor: string;
  /** 0–100. */
  overlayOpacity: number;
}

export interface PopupOverlayCardProps {
  design: PopupOverlayDesign;
  headingId: string;
  /** The button link or the newsletter form. */
  action: ReactNode;
  onClose: () => void;
  /** The owner's preview: drawn inside its frame (absolute), not over the page, and not a modal dialog. */
  preview?: boolean;
  panelRef?: Ref<HTMLDivElement>;
}

const ALIGN: Record<string, CSSProperties['alignItems']> = { TOP: 'flex-start', CENTER: 'center', BOTTOM: 'flex-end' };

/** '#1a2b3c' and 40 → 'rgba(26, 43, 60, 0.4)'; anything unreadable is black. */
export function overlayBackground(color: string, opacityPercent: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1] ?? '000000';
  const channel = (start: number) => parseInt(hex.slice(start, start + 2), 16);
  const alpha = Math.max(0, Math.min(100, Math.round(opacityPercent))) / 100;
  return `rgba(${channel(0)}, ${channel(2)}, ${channel(4)}, ${alpha})`;
}

export function PopupOverlayCard({ design, headingId, action, onClose, preview = false, panelRef }: PopupOverlayCardProps) {
  const [vertical = 'CENTER', horizontal = 'CENTER'] = design.position.split('_');
  const image = design.layout !== 'none' ? design.image : null;
  const layout = image ? design.layout : 'none';
  const sideBySide = layout === 'image-left' || layout === 'image-right';
  const backdrop: CSSProperties = {
    position: preview ? 'absolute' : 'fixed',
    inset: 0,
    zIndex: preview ? 0 : 1000,
    display: 'flex',
    alignItems: ALIGN[vertical] ?? 'center',
    justifyContent: ALIGN[horizontal === 'LEFT' ? 'TOP' : horizontal === 'RIGHT' ? 'BOTTOM' : 'CENTER'],
    padding: 16,
    background: overlayBackground(design.overlayColor, design.overlayOpacity),
  };
  const panel: CSSProperties = {
    position: 'relative',
    display: 'flex',
    flexWrap: layout === 'image-top' ? 'nowrap' : 'wrap',
    flexDirection: layout === 'image-right' ? 'row-reverse' : layout === 'image-top' ? 'column' : 'row',
    width: sideBySide ? 'min(760px, 100%)' : 'min(520px, 100%)',
    maxHeight: '100%',
    overflow: 'auto',
    background: 'var(--color-background, #ffffff)',
    color: 'var(--color-text, #1c1a17)',
    borderRadius: 12,
    boxShadow: '0 24px 64px rgba(0, 0, 0, 0.25)',
  };
  // The picture fills a box that follows the text's height beside it (or a third of a phone's screen once the
  // panel wraps), so a tall picture never makes the popup taller than its words.
  const pictureBox: CSSProperties = sideBySide
    ? { position: 'relative', flex: '1 1 240px', minHeight: 'min(300px, 28vh)' }
    : { position: 'relative', width: '100%', height: 'min(260px, 28vh)', flexShrink: 0 };
  const picture: CSSProperties = { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' };
  return (
    <div
      className="vitrine-popup-overlay"
      data-position={design.position}
      style={backdrop}
      onClick={(event) => {
        if (!preview && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className="vitrine-popup-overlay-panel"
        data-layout={layout}
        {...(preview ? { role: 'group' } : { role: 'dialog', 'aria-modal': true })}
        aria-labelledby={headingId}
        tabIndex={-1}
        style={panel}
      >
        <button
          type="button"
          className="vitrine-popup-overlay-close"
          aria-label="Close"
          onClick={onClose}
          style={{
            position: 'absolute',
            top: 6,
            right: 6,
            width: 44,
            height: 44,
            border: 0,
            borderRadius: '50%',
            background: 'rgba(255, 255, 255, 0.92)',
            color: '#1c1a17',
            fontSize: 28,
            lineHeight: 1,
            cursor: 'pointer',
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
        {image ? (
          <div className="vitrine-popup-overlay-picture" style={pictureBox}>
            <img src={image.url} alt={image.alt} style={picture} />
          </div>
        ) : null}
        <div style={{ flex: layout === 'image-top' ? '0 0 auto' : '1 1 280px', padding: '40px 28px 28px', minWidth: 0, alignSelf: sideBySide ? 'center' : 'stretch' }}>
          <h2 id={headingId} style={{ margin: '0 0 12px', fontSize: '1.625rem', lineHeight: 1.2, overflowWrap: 'anywhere' }}>
            {design.heading}
          </h2>
          {design.body ? <p style={{ margin: '0 0 20px', whiteSpace: 'pre-line', overflowWrap: 'anywhere', lineHeight: 1.5 }}>{design.body}</p> : null}
          {action}
        </div>
      </div>
    </div>
  );
}

/** The action button's look: the theme's accent when set. */
export const popupButtonStyle: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 48,
  padding: '0 28px',
  borderRadius: 'var(--radius, 4px)',
  background: 'var(--color-accent, #24382b)',
  color: 'var(--color-accent-text, #ffffff)',
  fontWeight: 600,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
};
