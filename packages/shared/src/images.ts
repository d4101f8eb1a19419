/**
 * The one rule for an uploaded image (a photo, a logo, a screenshot): these kinds by the type its content shows,
 * at most IMAGE_LIMIT bytes. The server checks the content; the web checks the picked file before sending it.
 */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const IMAGE_LIMIT = 2 * 1024 * 1024;

/** The `accept` attribute of an image file input. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export const isImageType = (type: string): type is ImageType => (IMAGE_TYPES as readonly string[]).includes(type);
