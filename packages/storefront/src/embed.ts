/**
 * Props travel from server to browser inside an HTML attribute: JSON, then
 * escaped for attribute context so no value can close the attribute or the
 * tag (`"`, `'`, `<`, `>` and `&` all become character references). The
 * browser decodes references when it reads `data-props`, so parsing needs
 * no unescaping.
 */
export function escapeAttribute(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

export function encodeProps(props: unknown): string {
  return escapeAttribute(JSON.stringify(props ?? {}));
}

export function decodeProps(attribute: string | null | undefined): Record<string, unknown> {
  if (!attribute) return {};
  const parsed: unknown = JSON.parse(attribute);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}
