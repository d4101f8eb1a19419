/** `Content-Disposition` for a download: saved, never shown in the page, under its name (any script made safe). */
export function attachmentHeader(originalName: string): string {
  const ascii = originalName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(originalName)}`;
}
