import type { CSSProperties } from 'react';

// Inline styles for the few rules islands cannot work without, so they behave
// the same under any theme stylesheet. Everything cosmetic is left to the theme.

export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

export const modalBackdrop: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'rgba(0, 0, 0, 0.5)',
};

export const modalPanel: CSSProperties = {
  background: '#fff',
  color: '#1b1b1f',
  maxWidth: 'min(640px, calc(100vw - 32px))',
  maxHeight: 'calc(100vh - 32px)',
  overflow: 'auto',
  padding: 24,
  borderRadius: 10,
};

/** The cart pill floats over the page; colours follow the theme's variables when it sets them. */
export const floatingPill: CSSProperties = {
  position: 'fixed',
  right: 16,
  bottom: 16,
  zIndex: 900,
  padding: '10px 16px',
  borderRadius: 999,
  background: 'var(--accent, #1f4fd1)',
  color: 'var(--accent-ink, #fff)',
  textDecoration: 'none',
  fontWeight: 600,
  boxShadow: '0 2px 8px rgba(0, 0, 0, 0.2)',
};
