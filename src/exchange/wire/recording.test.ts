import { describe, expect, it } from 'vitest';
import { isSecretField, paramsKey, parseRecording, scrubSecrets, scrubText } from './recording.js';

describe('recording format', () => {
  it('keeps texts without secret fields byte for byte (64-bit sequence numbers intact)', () => {
    const text = '{"action":"update","arg":{"instType":"coin-futures","topic":"books"},"data":[{"seq":18446744073709551557,"designation":"x"}]}';
    expect(scrubText(text)).toBe(text);
  });

  it('scrubs secret-looking fields at any depth, including sub-account keys and passphrases', () => {
    const text = JSON.stringify({ code: '00000', data: [{ subAccountUid: '7', subAccountApiKey: 'bg_x', secretKey: 'deadbeef', nested: { passphrase: 'pw123456', sign: 'abc=' } }] });
    const out = scrubText(text);
    for (const s of ['bg_x', 'deadbeef', 'pw123456', 'abc=']) expect(out).not.toContain(s);
    expect(JSON.parse(out)).toMatchObject({ data: [{ subAccountUid: '7', subAccountApiKey: '[redacted]', secretKey: '[redacted]', nested: { passphrase: '[redacted]', sign: '[redacted]' } }] });
    expect(scrubSecrets([{ apiKey: 'k', symbol: 'BTCUSDT' }])).toEqual([{ apiKey: '[redacted]', symbol: 'BTCUSDT' }]);
    expect(['signal', 'symbol', 'designation', 'orderId'].filter(isSecretField)).toEqual([]);
    expect(['ACCESS-SIGN', 'api_key', 'secret', 'password', 'token'].every(isSecretField)).toBe(true);
  });

  it('keys params canonically; loose keys ignore times', () => {
    expect(paramsKey({ b: '1', a: 2 })).toBe(paramsKey({ a: '2', b: '1', c: undefined }));
    expect(paramsKey({ symbol: 'X', endTime: '1' })).not.toBe(paramsKey({ symbol: 'X', endTime: '2' }));
    expect(paramsKey({ symbol: 'X', endTime: '1', startTime: '0' }, true)).toBe(paramsKey({ symbol: 'X', endTime: '2' }, true));
  });

  it('orders events by n and refuses a second meta line', () => {
    const meta = '{"type":"meta","v":1,"startedAt":0,"mode":"DEMO"}';
    const rec = parseRecording(`${meta}\n{"type":"ws","n":2,"t":5,"conn":"public","text":"b"}\n{"type":"ws","n":1,"t":4,"conn":"private","text":"a"}\n`);
    expect(rec.events.map((e) => e.n)).toEqual([1, 2]);
    expect(() => parseRecording(`${meta}\n${meta}`)).toThrow(/line 2: a second meta line/);
    expect(() => parseRecording(`${meta}\n{"type":"ws","n":1,"t":0,"conn":"side","text":""}`)).toThrow(/"conn" must be public or private/);
  });
});
