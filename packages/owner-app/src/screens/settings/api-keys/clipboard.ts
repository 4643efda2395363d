/**
 * Copies text for the owner (the feed URL, a new API key's secret). The Clipboard API when the page may use it
 * (a secure context: HTTPS or localhost); otherwise the text is selected in its field so Ctrl+C / ⌘C copies it.
 * Answers whether it reached the clipboard.
 */
export async function copyText(text: string, field?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not focused): fall back to selecting the text.
  }
  field?.focus();
  field?.select();
  return false;
}

export const COPY_TEXTS = {
  copied: 'Copied.',
  selectToCopy: 'The text is selected: press Ctrl+C (⌘C on a Mac) to copy it.',
} as const;
