import { createHmac } from 'node:crypto';

/*
 * The lottery's uniform number (docs/lottery-algorithm.md, section 3), shared by the lottery's draw and the
 * unified-enrollment match (docs/matching.md, section 1): both modules draw it, neither owns it.
 */

const TWO_POW_48 = 2 ** 48;

/** The entry's uniform number in (0, 1): the first 48 bits of HMAC-SHA256(seed bytes, decimal id), centred. */
export function uniformOf(seedHex: string | Buffer, id_application: number): number {
  const key = typeof seedHex === 'string' ? Buffer.from(seedHex, 'hex') : seedHex;
  const mac = createHmac('sha256', key).update(String(id_application)).digest();
  return (mac.readUIntBE(0, 6) + 0.5) / TWO_POW_48;
}
