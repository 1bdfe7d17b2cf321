import { describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { bookChecksum, crc32Signed, toSigned32, type ChecksumSide } from './checksum.js';

const side = (levels: [string, string][]): ChecksumSide => ({
  length: levels.length,
  price: (i) => levels[i]?.[0] ?? '',
  size: (i) => levels[i]?.[1] ?? '',
});

describe('crc32Signed', () => {
  it('matches the worked values of protocol-notes §6.2', () => {
    expect(crc32Signed('43231.1:4:43232.8:9:43231:6:43232.9:8')).toBe(-1504501796);
    expect(toSigned32(2790465500)).toBe(-1504501796);
    expect(crc32Signed('3366.1:7:3366.8:9:3368:8:3372:8')).toBe(831078360);
  });
  it('agrees with zlib on ASCII and non-ASCII text', () => {
    for (const text of ['', 'a', '97000.5:1.25', 'größe:€']) expect(crc32Signed(text)).toBe(crc32(Buffer.from(text, 'utf8')) | 0);
  });
  it('agrees with zlib at every length around the 8-byte steps', () => {
    let text = '';
    for (let n = 0; n < 70; n++) {
      expect(crc32Signed(text), `length ${n}`).toBe(crc32(Buffer.from(text, 'latin1')) | 0);
      text += String.fromCharCode(0x20 + ((n * 37) % 95));
    }
  });
});

describe('bookChecksum', () => {
  it('interleaves bid1, ask1, bid2, ask2 (worked example 1)', () => {
    const bids = side([
      ['43231.1', '4'],
      ['43231', '6'],
    ]);
    const asks = side([
      ['43232.8', '9'],
      ['43232.9', '8'],
    ]);
    expect(bookChecksum(bids, asks)).toBe(-1504501796);
  });
  it('continues with the longer side (worked example 2: 1 bid, 3 asks)', () => {
    const bids = side([['3366.1', '7']]);
    const asks = side([
      ['3366.8', '9'],
      ['3368', '8'],
      ['3372', '8'],
    ]);
    expect(bookChecksum(bids, asks)).toBe(831078360);
  });
  it('uses only the first 25 levels per side', () => {
    const many = (base: number): [string, string][] => Array.from({ length: 40 }, (_, i) => [String(base + i), '1']);
    const cut = (base: number): [string, string][] => many(base).slice(0, 25);
    expect(bookChecksum(side(many(100)), side(many(200)))).toBe(bookChecksum(side(cut(100)), side(cut(200))));
    const payload: string[] = [];
    for (let i = 0; i < 25; i++) payload.push(String(100 + i), '1', String(200 + i), '1');
    expect(bookChecksum(side(many(100)), side(many(200)))).toBe(crc32Signed(payload.join(':')));
  });
  it('equals the CRC of the joined payload for a deep book, including non-ASCII fallback', () => {
    const levels = (base: number, n: number): [string, string][] => Array.from({ length: n }, (_, i) => [`${base + i}.${i % 10}`, `0.${1000 + i}`]);
    const bids = levels(100000, 40);
    const asks = levels(200000, 7);
    const parts: string[] = [];
    for (let i = 0; i < 25; i++) {
      if (i < bids.length) parts.push(...(bids[i] ?? []));
      if (i < asks.length) parts.push(...(asks[i] ?? []));
    }
    expect(bookChecksum(side(bids), side(asks))).toBe(crc32(Buffer.from(parts.join(':'))) | 0);
    const odd: [string, string][] = [['1', 'é']];
    expect(bookChecksum(side(odd), side([]))).toBe(crc32(Buffer.from('1:é', 'utf8')) | 0);
  });
  it('agrees with zlib at every payload length mod 8, with and without cached level bytes', () => {
    // A side that also offers writeLevel, as the order book's does (the cached-bytes path).
    const cached = (levels: [string, string][]): ChecksumSide => ({
      ...side(levels),
      writeLevel: (i, out, at) => {
        const text = (levels[i] ?? []).join(':');
        for (let k = 0; k < text.length; k++) out[at + k] = text.charCodeAt(k);
        return at + text.length;
      },
    });
    const lengths = new Set<number>();
    for (let n = 1; n <= 24; n++) {
      const bids: [string, string][] = Array.from({ length: n }, (_, i) => [`${9000 - i}.${'5'.repeat(i % 4)}`.replace(/\.$/, ''), `${i + 1}`]);
      const asks: [string, string][] = Array.from({ length: n % 5 }, (_, i) => [`${9001 + i}`, `0.${'7'.repeat(1 + (i % 3))}`]);
      const parts: string[] = [];
      for (let i = 0; i < 25; i++) {
        if (i < bids.length) parts.push(...(bids[i] ?? []));
        if (i < asks.length) parts.push(...(asks[i] ?? []));
      }
      const text = parts.join(':');
      lengths.add(text.length % 8);
      const want = crc32(Buffer.from(text)) | 0;
      expect(bookChecksum(side(bids), side(asks)), text).toBe(want);
      expect(bookChecksum(cached(bids), cached(asks)), text).toBe(want);
    }
    expect(lengths.size).toBe(8);
  });
  it('is the CRC of the empty string for an empty book', () => {
    expect(bookChecksum(side([]), side([]))).toBe(0);
  });
});
