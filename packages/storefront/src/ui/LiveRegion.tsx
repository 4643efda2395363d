import { visuallyHidden } from './styles';
/** A polite status region, visually hidden: screen readers hear status changes (added, errors, sold out). */
export function LiveRegion({ message }: { message: string }) {
  return (
    <p role="status" aria-live="polite" aria-atomic="true" className="visually-hidden" style={visuallyHidden}>
      {message}
    </p>
  );
}
