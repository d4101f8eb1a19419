import { toBlob } from 'html-to-image';

/** The longest side of a captured page: the server keeps images up to 2048 px and 2 MiB. */
const MAX_EDGE = 1600;

/**
 * A PNG of the page as the user sees it (the visible part of the document body), drawn in the browser with
 * html-to-image. Images of other origins are skipped. Null when the browser cannot draw it.
 */
export async function capturePage(): Promise<Blob | null> {
  const node = document.body;
  const width = window.innerWidth;
  const height = window.innerHeight;
  const ratio = Math.min(1, MAX_EDGE / Math.max(width, height));
  try {
    return await toBlob(node, {
      width,
      height,
      canvasWidth: Math.round(width * ratio),
      canvasHeight: Math.round(height * ratio),
      pixelRatio: 1,
      backgroundColor: getComputedStyle(document.body).backgroundColor || '#ffffff',
      style: { transform: `translate(${-window.scrollX}px, ${-window.scrollY}px)` },
      // notices and open menus are not part of the page being reported
      filter: (el) => !(el instanceof HTMLElement && el.dataset.feedbackSkip !== undefined),
      skipFonts: true,
    });
  } catch {
    return null;
  }
}
