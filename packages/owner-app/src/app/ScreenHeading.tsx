import { useEffect, useRef, type ReactNode } from 'react';
import { takeHeadingFocus } from './router';

/** A screen's h1. After the owner moves to another screen, it takes the focus, so a screen reader reads where they are. */
export function ScreenHeading({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeHeadingFocus()) heading.current?.focus();
  }, []);
  return (
    <div className="screen-header">
      <h1 ref={heading} tabIndex={-1}>
        {children}
      </h1>
      {actions ? <div className="screen-actions">{actions}</div> : null}
    </div>
  );
}
