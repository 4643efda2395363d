import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * Platform §2/§8's generic error boundary: a render error below it shows the fallback content instead of a
 * blank page, and is reported — to `onError` when given, else as a `vitrine:render-error` window event that
 * the page's error reporter (the storefront's tracking client) forwards, and to the console. `resetKey`
 * changing clears the failure (another screen, another product).
 */
export const RENDER_ERROR_EVENT = 'vitrine:render-error';

export interface RenderErrorDetail {
  message: string;
  stack?: string;
  componentStack?: string;
}

export interface ErrorBoundaryProps {
  children?: ReactNode;
  fallback: ReactNode | ((props: { error: unknown; reset: () => void }) => ReactNode);
  onError?: (error: unknown, info: ErrorInfo) => void;
  resetKey?: unknown;
}

interface State {
  failed: boolean;
  error: unknown;
  resetKey: unknown;
}

export function reportRenderError(error: unknown, info?: ErrorInfo): void {
  const detail: RenderErrorDetail = {
    message: error instanceof Error ? error.message : String(error),
    ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
    ...(info?.componentStack ? { componentStack: info.componentStack } : {}),
  };
  console.error('A part of the page failed to render', error);
  if (typeof window !== 'undefined' && typeof CustomEvent === 'function') window.dispatchEvent(new CustomEvent(RENDER_ERROR_EVENT, { detail }));
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { failed: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { resetKey: props.resetKey, failed: false, error: undefined } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    (this.props.onError ?? reportRenderError)(error, info);
  }

  reset = () => this.setState({ failed: false, error: undefined });

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { fallback } = this.props;
    return typeof fallback === 'function' ? fallback({ error: this.state.error, reset: this.reset }) : fallback;
  }
}
