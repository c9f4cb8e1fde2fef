/**
 * A small seeded random source for the quiz. The quiz must come out identical in the
 * server's engine (QuickJS) and in the browser (V8 and others) for the same seed, so it
 * uses only 32-bit integer arithmetic (Math.imul, shifts): no Math.random, no floating
 * point beyond the final division, no locale-dependent comparisons.
 */

/** cyrb53-style string hash folded to 32 bits: spreads similar seeds ("a", "b") apart. */
export function hashSeed(seed: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < seed.length; i++) {
    const c = seed.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

export interface Random {
  /** A whole number in [0, n). */
  int(n: number): number;
  /** One element, or undefined for an empty list. */
  pick<T>(items: readonly T[]): T | undefined;
  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

/** mulberry32 over the hashed seed: tiny, fast, good enough for picking quiz questions. */
export function seededRandom(seed: string): Random {
  let state = hashSeed(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    int,
    pick: (items) => (items.length === 0 ? undefined : items[int(items.length)]),
    shuffle: (items) => {
      const copy = items.slice();
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy;
    },
  };
}

/** A fresh shareable seed for a new quiz: 8 base-36 characters (about 41 bits). */
export function newSeed(): string {
  const bytes = new Uint32Array(2);
  globalThis.crypto.getRandomValues(bytes);
  return (bytes[0].toString(36) + bytes[1].toString(36)).padStart(8, '0').slice(-8);
}
