/**
 * A render error that an error boundary caught (platform §8: "Generic error boundary reports to an
 * error-reporting service and shows fallback content"): reported as a window event, which the page's error
 * reporter (the storefront's tracking client) forwards with the script errors. No React here, so the tracking
 * client can listen without loading it.
 */
export const RENDER_ERROR_EVENT = 'vitrine:render-error';

export interface RenderErrorDetail {
  message: string;
  stack?: string;
  componentStack?: string;
}

export function reportRenderError(error: unknown, info?: { componentStack?: string | null }): void {
  const detail: RenderErrorDetail = {
    message: error instanceof Error ? error.message : String(error),
    ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
    ...(info?.componentStack ? { componentStack: info.componentStack } : {}),
  };
  console.error('A part of the page failed to render', error);
  if (typeof window !== 'undefined' && typeof CustomEvent === 'function') window.dispatchEvent(new CustomEvent(RENDER_ERROR_EVENT, { detail }));
}
