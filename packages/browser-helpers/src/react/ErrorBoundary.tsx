import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportRenderError } from '../render-error';

export { RENDER_ERROR_EVENT, reportRenderError, type RenderErrorDetail } from '../render-error';

/**
 * Platform §2/§8's generic error boundary: a render error below it shows the fallback content instead of a
 * blank page, and is reported — to `onError` when given, else as a `vitrine:render-error` window event that
 * the page's error reporter (the storefront's tracking client) forwards, and to the console. `resetKey`
 * changing clears the failure (another screen, another product).
 */
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
