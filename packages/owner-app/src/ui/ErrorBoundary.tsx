import { Component, type ErrorInfo, type ReactNode } from 'react';
import { APP_TEXTS, EDITOR_MESSAGES } from './messages';

/**
 * Platform §2 and §8's generic error boundary: a render error below it is reported (`onError`, the console by
 * default: /config is the editing area, which the shopper error reporter leaves alone) and fallback content
 * shows instead — 'Something went wrong' with a way to try again. `resetKey` changing (another screen)
 * clears it.
 */
export interface ErrorBoundaryProps {
  children: ReactNode;
  fallback?: ReactNode | ((props: { error: unknown; reset: () => void }) => ReactNode);
  onError?: (error: unknown, info: ErrorInfo) => void;
  resetKey?: unknown;
}

interface State {
  error: unknown;
  failed: boolean;
  resetKey: unknown;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: undefined, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, failed: false, error: undefined };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    (this.props.onError ?? ((failure) => console.error('Owner app: a screen failed to render', failure)))(error, info);
  }

  reset = () => this.setState({ failed: false, error: undefined });

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { fallback } = this.props;
    if (typeof fallback === 'function') return fallback({ error: this.state.error, reset: this.reset });
    if (fallback !== undefined) return fallback;
    return <ErrorFallback reset={this.reset} />;
  }
}

export function ErrorFallback({ reset }: { reset: () => void }) {
  return (
    <div className="card state state-error" role="alert">
      <h2>{EDITOR_MESSAGES.somethingWentWrong}</h2>
      <p>This part of the page could not be shown. Your data is safe.</p>
      <button type="button" className="button button-secondary" onClick={reset}>
        {APP_TEXTS.tryAgain}
      </button>
    </div>
  );
}
