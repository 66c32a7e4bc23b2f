/**
 * Writes text to the clipboard. Rejects when the browser refuses (no permission, insecure
 * context), so callers can show the spec's manual-copy message.
 */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}
