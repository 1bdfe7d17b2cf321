import { describe, expect, it } from 'vitest';
import { BookFrameError, parseBookFrame } from './book-frame.js';

const ARG = '"arg":{"instType":"coin-futures","topic":"books","symbol":"BTCUSD_CM"}';

describe('parseBookFrame', () => {
  it('reads a snapshot with seq above 2^53 losslessly', () => {
    const text = `{"action":"snapshot",${ARG},"data":[{"a":[["97000.5","1.2"],["97001","0.0104"]],"b":[["96999.5","3"]],"checksum":0,"seq":1483653649791156272,"pseq":0,"ts":"1764000000000","maxdepth":"1000"}],"ts":1764000000001}`;
    expect(parseBookFrame(text)).toEqual({
      action: 'snapshot',
      topic: 'books',
      instType: 'coin-futures',
      symbol: 'BTCUSD_CM',
      seq: '1483653649791156272',
      pseq: '0',
      ts: '1764000000000',
      checksum: 0,
      maxDepth: '1000',
      bids: ['96999.5', '3'],
      asks: ['97000.5', '1.2', '97001', '0.0104'],
    });
    // the same number through JSON.parse loses digits
    expect(String(JSON.parse('1483653649791156272'))).not.toBe('1483653649791156272');
  });
  it('accepts quoted seq/pseq, maxDepth, whitespace, key order and extra keys', () => {
    const text = ` { "data" : [ { "seq" : "1304314508780744705" , "pseq":"0001304314508780744704", "b" : [ ] ,
      "a":[ [ "1" , "2" , "7" ] ], "maxDepth":"50", "checksum":-1504501796, "extra":{"x":[1,true,null,"a\\"b"]} } ],
      "action":"update", "arg":{"topic":"books","symbol":"ETHUSDT","instType":"usdt-futures","n":3}, "ts": 1 } `;
    const f = parseBookFrame(text);
    expect(f).toMatchObject({ action: 'update', seq: '1304314508780744705', pseq: '1304314508780744704', maxDepth: '50', checksum: -1504501796, symbol: 'ETHUSDT' });
    expect(f.asks).toEqual(['1', '2']);
    expect(f.bids).toEqual([]);
  });
  it('defaults absent optional fields', () => {
    const f = parseBookFrame('{"action":"update","data":[{"a":[],"b":[],"seq":5,"pseq":4}]}');
    expect(f).toMatchObject({ checksum: null, maxDepth: null, ts: '', topic: '', symbol: '' });
  });
  it.each([
    ['not JSON', 'garbage'],
    ['bad action', '{"action":"delta","data":[{"a":[],"b":[],"seq":1,"pseq":0}]}'],
    ['no data item', '{"action":"update","data":[]}'],
    ['two data items', '{"action":"update","data":[{"seq":1},{"seq":2}]}'],
    ['exponent price', '{"action":"update","data":[{"a":[["1e5","1"]],"seq":1,"pseq":0}]}'],
    ['negative size', '{"action":"update","data":[{"a":[["1","-1"]],"seq":1,"pseq":0}]}'],
    ['bare number price', '{"action":"update","data":[{"a":[[1,"1"]],"seq":1,"pseq":0}]}'],
    ['empty price', '{"action":"update","data":[{"a":[["","1"]],"seq":1,"pseq":0}]}'],
    ['two dots', '{"action":"update","data":[{"a":[["1.2.3","1"]],"seq":1,"pseq":0}]}'],
    ['fraction seq', '{"action":"update","data":[{"a":[],"seq":1.5,"pseq":0}]}'],
    ['negative seq', '{"action":"update","data":[{"a":[],"seq":-1,"pseq":0}]}'],
    ['truncated', '{"action":"update","data":[{"a":[["1","1"]'],
    ['trailing text', '{"action":"update","data":[{"seq":1,"pseq":0}]} x'],
  ])('rejects %s with EXCH_BAD_REPLY', (_name, text) => {
    let caught: unknown;
    try {
      parseBookFrame(text);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(BookFrameError);
    expect((caught as BookFrameError).code).toBe('EXCH_BAD_REPLY');
  });
});
