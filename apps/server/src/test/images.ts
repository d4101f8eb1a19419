import sharp from 'sharp';

/**
 * Real (decodable) 2x2 images for upload tests. Uploads are decoded and stored re-encoded, so a test compares
 * pixels (`samePixels`), never bytes.
 */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000000970485973000003e8000003e801b57b526b' +
    '000000114944415408996390b3ea92b3ea6280500017160389c92411280000000049454e44ae426082',
  'hex',
);

export const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBD' +
    'ARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAID' +
    'ASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAA' +
    'BAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcAVRX/9k=',
  'base64',
);

export const WEBP = Buffer.from(
  'UklGRjYAAABXRUJQVlA4ICoAAACQAQCdASoCAAIAAUAmJaACdLoAA5gA/vfEX/8zR/JH6BdB/61CMOZCAAA=',
  'base64',
);

/** The format sharp reads from `bytes` ('png', 'jpeg', 'webp'), or null when they do not decode. */
export async function formatOf(bytes: Buffer): Promise<string | null> {
  try {
    await sharp(bytes).raw().toBuffer();
    return (await sharp(bytes).metadata()).format ?? null;
  } catch {
    return null;
  }
}

/** Whether two images show the same pixels (lossless formats: exactly; JPEG within a small tolerance). */
export async function samePixels(a: Buffer, b: Buffer, tolerance = 0): Promise<boolean> {
  const [left, right] = await Promise.all([a, b].map((img) => sharp(img).removeAlpha().raw().toBuffer()));
  return left.length === right.length && left.every((value, i) => Math.abs(value - right[i]) <= tolerance);
}
