/**
 * Platform §2's centred pop-up window option string (for `window.open(url, name, features)`): the window
 * is `width` × `height`, centred on the screen the current window is on.
 */
export interface ScreenBox {
  /** The current window's position and outer size (window.screenX/Y, outerWidth/Height). */
  left: number;
  top: number;
  width: number;
  height: number;
}

export function centredPopupFeatures(width: number, height: number, box: ScreenBox = currentWindowBox()): string {
  const left = Math.max(0, Math.round(box.left + (box.width - width) / 2));
  const top = Math.max(0, Math.round(box.top + (box.height - height) / 2));
  return `width=${Math.round(width)},height=${Math.round(height)},top=${top},left=${left}`;
}

function currentWindowBox(): ScreenBox {
  if (typeof window === 'undefined') return { left: 0, top: 0, width: 0, height: 0 };
  return { left: window.screenX ?? 0, top: window.screenY ?? 0, width: window.outerWidth || window.innerWidth, height: window.outerHeight || window.innerHeight };
}

