import { describe, expect, it, vi } from 'vitest';
import { BookFrameError, parseBookFrame } from './book-frame.js';
import { READER, readBook } from './book-read.js';
import { OrderBook } from './order-book.js';

/**
 * `readBook` / `OrderBook.applyRead` (issue 18): a books push is read once, when the socket gets it,
 * and applied from that read with the same result as `apply(parseBookFrame(text))`.
 */

const ARG = '"arg":{"instType":"usdt-futures","topic":"books","symbol":"BTCUSDT"}';
const SNAPSHOT = `{"action":"snapshot",${ARG},"data":[{"a":[["97001","1"],["97002","2"]],"b":[["97000","3"],["96999","4"]],"seq":100,"pseq":0}],"ts":1}`;
const upd = (seq: number, pseq: number, a: string, b: string): string => `{"action":"update",${ARG},"data":[{"a":${a},"b":${b},"seq":${seq},"pseq":${pseq}}],"ts":1}`;

describe('readBook and OrderBook.applyRead', () => {
  it('reads a compact update by the fast path and anything else by the full reader', () => {
    expect(readBook(SNAPSHOT)).toEqual({ via: 'frame', text: SNAPSHOT, frame: parseBookFrame(SNAPSHOT) });
    const update = upd(101, 100, '[["97001","0"]]', '[]');
    expect(readBook(update)).toEqual({ via: 'update', text: update });
    expect(READER.holds(update)).toBe(true);
    const spaced = update.replace('"data":', '"data": ');
    expect(readBook(spaced)).toEqual({ via: 'frame', text: spaced, frame: parseBookFrame(spaced) });
    expect(READER.holds(update)).toBe(false);
  });

  it('loads the text once for both readers', () => {
    const load = vi.spyOn(READER.src, 'load');
    try {
      expect(readBook(SNAPSHOT).via).toBe('frame');
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      load.mockRestore();
    }
  });

  it('applies a read kept past the next read the same (it is read again from its text)', () => {
    const first = upd(101, 100, '[["97001","0"],["97003","5"]]', '[]');
    const second = upd(102, 101, '[]', '[["97000","0"]]');
    const book = new OrderBook('BTCUSDT');
    book.applyText(SNAPSHOT);
    const kept = readBook(first);
    const next = readBook(second);
    expect(READER.holds(first)).toBe(false);
    book.applyRead(kept);
    book.applyRead(next);
    const full = new OrderBook('BTCUSDT');
    for (const text of [SNAPSHOT, first, second]) full.apply(parseBookFrame(text));
    expect(book.wireTop(10)).toEqual(full.wireTop(10));
    expect(book.wireTop(10)).toEqual({ bids: [['96999', '4']], asks: [['97002', '2'], ['97003', '5']] });
    expect(book.seq).toBe('102');
  });

  it('applies the first update that straddles the snapshot from the fast read, and raises gaps as the full path does', () => {
    const book = new OrderBook('BTCUSDT');
    book.applyText(SNAPSHOT);
    const straddling = upd(103, 99, '[["97004","1"]]', '[]');
    expect(readBook(straddling).via).toBe('update');
    book.applyRead(readBook(straddling));
    expect(book.seq).toBe('103');
    expect(() => book.applyRead(readBook(upd(105, 104, '[]', '[]')))).toThrow(/update pseq 104 does not follow seq 103/);
    expect(() => book.applyRead(readBook(upd(106, 105, '[]', '[]')))).toThrow(/arrived before a snapshot/);
  });

  it('hands a frame neither reader accepts on as refused; applying it throws that BookFrameError', () => {
    const bad = upd(101, 100, '[["1e5","1"]]', '[]');
    const read = readBook(bad);
    expect(read.via).toBe('refused');
    const book = new OrderBook('BTCUSDT');
    book.applyText(SNAPSHOT);
    let caught: unknown;
    try {
      book.applyRead(read);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BookFrameError);
    expect(caught).toBe(read.via === 'refused' ? read.error : null);
    expect(() => parseBookFrame(bad)).toThrow((caught as Error).message);
    expect(book.seq).toBe('100');
  });
});
