/**
 * What came of a form's last action, in the two live regions every owner form keeps on screen: the status (read
 * politely: "Saved.") and the refusal (an alert: why nothing was saved). Both are always rendered, empty when there is
 * nothing to say, so a screen reader announces a change of their text.
 */
export function Outcome({ status, refusal }: { status: string; refusal: string }) {
  return (
    <>
      <p role="status" className="panel-status">
        {status}
      </p>
      <p role="alert" className="panel-error">
        {refusal}
      </p>
    </>
  );
}
