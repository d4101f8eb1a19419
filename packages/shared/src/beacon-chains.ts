/*
 * The League of Entropy's drand chains a lottery may commit to (docs/lottery-algorithm.md, "v2"), as their
 * https://api.drand.sh/<hash>/info publishes them. Kept in the code, so neither a check (the server) nor a name shown
 * to staff (the web) depends on a relay's word. scripts/verify-lottery.mjs keeps its own copy: it stands alone.
 */

/** drand's two schemes on the League of Entropy mainnet (the `schemeID` of a chain's `/info`). */
export type BeaconScheme = 'bls-unchained-g1-rfc9380' | 'pedersen-bls-chained';

export const PUBLIC_CHAINS = {
  quicknet: {
    name: 'quicknet',
    hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
    publicKey:
      '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
    genesisTime: 1692803367,
    period: 3,
    scheme: 'bls-unchained-g1-rfc9380',
  },
  default: {
    name: 'default',
    hash: '8990e7a9aaed2ffed73dbd7092123d6f289930540d7651336225dc172e51b2ce',
    publicKey: '868f005eb8e6e4ca0a47c8a77ceaa5309a47978a7c71bc5cce96366b5d7a569937c529eeda66c7293784a9402801af31',
    genesisTime: 1595431050,
    period: 30,
    scheme: 'pedersen-bls-chained',
  },
} as const;

/** The public chain a chain hash names, for people: null when it is none of them. */
export const publicChainName = (hash: string | null): keyof typeof PUBLIC_CHAINS | null =>
  Object.values(PUBLIC_CHAINS).find((chain) => chain.hash === hash)?.name ?? null;
