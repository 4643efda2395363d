/** The React helpers (a separate entry so the plain-DOM helpers carry no React import). */
export * from './strict-context';
export * from './use-data-fetch';
export * from './ErrorBoundary';
export * from './confirm';
