/** Escapes text for an HTML body or a double-quoted attribute (the only kind these mails use). */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,sans-serif";

/** A paragraph of escaped text; `small` for the secondary lines. */
export function paragraph(text: string, options: { small?: boolean; muted?: boolean } = {}) {
  const size = options.small ? ';font-size:14px' : '';
  const colour = options.muted ? ';color:#4b5563' : '';
  // A long word (a link, a code) wraps inside the card instead of running past it.
  return `<p style="margin:0 0 16px;line-height:1.5;overflow-wrap:anywhere${size}${colour}">${escapeHtml(text)}</p>`;
}

/** The one call to action: an indigo button, and the same link written out below it. */
export function actionButton(href: string, label: string): string {
  const url = escapeHtml(href);
  return `<p style="margin:8px 0 24px"><a href="${url}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(label)}</a></p>
<p style="margin:0 0 16px;line-height:1.5;font-size:14px">Or paste this link into your browser:<br><a href="${url}" style="color:#4338ca;word-break:break-all">${url}</a></p>`;
}

/** Every Refstash mail's HTML: a heading and the given (already escaped) blocks on a card. */
export function mailDocument(heading: string, blocks: string[]): string {
  return `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f9fafb;font-family:${FONT};color:#1f2937">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
${blocks.join('\n')}
</div>
</body></html>
`;
}

/** The small print under an optional mail: why it came, and the link that stops this kind. */
export function unsubscribeFooter(why: string, href: string, label: string): string {
  const url = escapeHtml(href);
  return `<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 16px">
<p style="margin:0;line-height:1.5;font-size:13px;color:#4b5563">${escapeHtml(why)} <a href="${url}" style="color:#4338ca">${escapeHtml(label)}</a></p>`;
}
