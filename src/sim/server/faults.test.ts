import { describe, expect, it } from 'vitest';
import { applyFaultSpec, Faults, type SocketFaultTarget, type SocketKind } from './faults.js';

describe('Faults', () => {
  it('one-shot faults are consumed; reset turns everything off', () => {
    const f = new Faults();
    f.httpErrors(2, 502);
    expect([f.takeHttpError(), f.takeHttpError(), f.takeHttpError()]).toEqual([502, 502, null]);
    f.skipSeq('SPOT', 'BTCUSDT');
    expect(f.takeSeqFault('SPOT', 'ETHUSDT')).toBeNull();
    expect(f.takeSeqFault('SPOT', 'BTCUSDT')).toBe('skip');
    expect(f.takeSeqFault('SPOT', 'BTCUSDT')).toBeNull();
    f.unknownResult({ code: '40010', placed: true, count: 2 });
    expect(f.takeUnknownResult()).toEqual({ code: '40010', placed: true });
    expect(f.takeUnknownResult()).toEqual({ code: '40010', placed: true });
    expect(f.takeUnknownResult()).toBeNull();
    f.stallPongs(true);
    f.clockSkew(5000);
    f.delayReplies(100);
    f.restartSeq('SPOT', 'BTCUSDT');
    f.overlapFirstUpdate(true);
    f.partialAccountPushes(true);
    f.reset();
    expect([f.pongStalled, f.skew, f.replyDelayMs, f.takeSeqFault('SPOT', 'BTCUSDT')]).toEqual([false, 0, 0, null]);
    expect([f.firstUpdateOverlaps, f.accountPushesPartial]).toEqual([false, false]);
  });

  it('socket faults reach every attached server until detached', () => {
    const f = new Faults();
    const seen: string[] = [];
    const target: SocketFaultTarget = { drop: (k: SocketKind) => seen.push(`drop:${k}`), garbage: (k: SocketKind) => seen.push(`garbage:${k}`) };
    const detach = f.attach(target);
    f.dropSockets('private');
    f.garbageFrame();
    detach();
    f.dropSockets();
    expect(seen).toEqual(['drop:private', 'garbage:all']);
  });

  it('applyFaultSpec parses the --faults text and names what is wrong', () => {
    const f = new Faults();
    applyFaultSpec(f, 'httpErrors=3:503, delayReplies=200,stallPongs,clockSkew=-60000,unknownResult=40725:placed,skipSeq=USDT-FUTURES:BTCUSDT');
    expect([f.takeHttpError(), f.replyDelayMs, f.pongStalled, f.skew]).toEqual([503, 200, true, -60000]);
    expect(f.takeUnknownResult()).toEqual({ code: '40725', placed: true });
    expect(f.takeSeqFault('USDT-FUTURES', 'BTCUSDT')).toBe('skip');
    expect([f.firstUpdateOverlaps, f.accountPushesPartial]).toEqual([false, false]);
    applyFaultSpec(f, 'overlapFirstUpdate,partialAccountPushes');
    expect([f.firstUpdateOverlaps, f.accountPushesPartial]).toEqual([true, true]);
    applyFaultSpec(f, 'overlapFirstUpdate=off,partialAccountPushes=off');
    expect([f.firstUpdateOverlaps, f.accountPushesPartial]).toEqual([false, false]);
    applyFaultSpec(f, 'refuseSocketTrade=spot:MARGIN');
    expect(['spot', 'margin', 'usdt-futures'].map((c) => f.socketTradeRefuses(c))).toEqual([true, true, false]);
    f.reset();
    expect(f.socketTradeRefuses('spot')).toBe(false);
    expect(() => applyFaultSpec(f, 'explode')).toThrow(/unknown fault "explode"/);
    expect(() => applyFaultSpec(f, 'delayReplies=soon')).toThrow(/must be an integer/);
    expect(() => applyFaultSpec(f, 'skipSeq=BTCUSDT')).toThrow(/CATEGORY:SYMBOL/);
    expect(() => applyFaultSpec(f, 'unknownResult=1')).toThrow(/40010, 40725 or 45001/);
    expect(() => applyFaultSpec(f, 'overLimit=countdown')).toThrow(/overLimit=PATH\[:COUNT\]/);
  });

  it('overLimit answers 429 to the next requests to one path only, then lets them through', () => {
    const f = new Faults();
    applyFaultSpec(f, 'overLimit=/api/v3/trade/countdown-cancel-all:2');
    const path = '/api/v3/trade/countdown-cancel-all';
    expect([f.takeOverLimit('/api/v3/trade/place-order'), f.takeOverLimit(path), f.takeOverLimit(path), f.takeOverLimit(path)]).toEqual([false, true, true, false]);
    f.overLimit(path);
    f.reset();
    expect(f.takeOverLimit(path)).toBe(false);
  });

  it('placement faults count down per use, aim at their transport or scope, and reset', () => {
    const f = new Faults();
    f.executeThenFail({ count: 2, status: 502 });
    expect([f.takeExecuteThenFail(), f.takeExecuteThenFail(), f.takeExecuteThenFail()]).toEqual([502, 502, null]);
    f.executeThenFail();
    expect([f.takeExecuteThenFail(), f.takeExecuteThenFail()]).toEqual([500, null]);
    expect(() => f.executeThenFail({ status: 200 })).toThrow(/400-599/);

    f.executeThenDrop({ transport: 'socket', count: 2 });
    expect([f.takeExecuteThenDrop('rest'), f.takeExecuteThenDrop('socket'), f.takeExecuteThenDrop('socket'), f.takeExecuteThenDrop('socket')]).toEqual([false, true, true, false]);
    f.executeThenDrop();
    expect([f.takeExecuteThenDrop('rest'), f.takeExecuteThenDrop('socket')]).toEqual([true, false]);

    f.deliverLate({ ms: 31_000, transport: 'rest' });
    expect([f.takeLateDelivery('socket'), f.takeLateDelivery('rest'), f.takeLateDelivery('rest')]).toEqual([null, 31_000, null]);
    expect(() => f.deliverLate({ ms: -1 })).toThrow(/non-negative/);

    f.unknownResult({ code: '45001', placed: false, scope: 'batch' });
    expect([f.takeUnknownResult(), f.takeUnknownResult('batch'), f.takeUnknownResult('batch')]).toEqual([null, { code: '45001', placed: false }, null]);
    f.unknownResult({ code: '40010', placed: true, scope: 'all', count: 2 });
    expect([f.takeUnknownResult('single'), f.takeUnknownResult('batch'), f.takeUnknownResult('single')]).toEqual([{ code: '40010', placed: true }, { code: '40010', placed: true }, null]);

    f.partialBatch({ failIndexes: [1, 3] });
    expect(f.takePartialBatch()).toEqual({ failIndexes: [1, 3], code: '25202', msg: expect.stringMatching(/^Insufficient balance/) });
    expect(f.takePartialBatch()).toBeNull();
    expect(() => f.partialBatch({ failIndexes: [] })).toThrow(/failIndexes/);
    expect(() => f.partialBatch({ failIndexes: [-1] })).toThrow(/failIndexes/);

    f.executeThenFail();
    f.executeThenDrop();
    f.deliverLate({ ms: 10 });
    f.unknownResult({ code: '40010', placed: true, scope: 'all' });
    f.partialBatch({ failIndexes: [0], code: '40762', msg: 'max open' });
    f.reset();
    expect([f.takeExecuteThenFail(), f.takeExecuteThenDrop('rest'), f.takeLateDelivery('rest'), f.takeUnknownResult('batch'), f.takePartialBatch()]).toEqual([null, false, null, null, null]);
  });

  it('applyFaultSpec parses the placement faults and names what is wrong', () => {
    const f = new Faults();
    applyFaultSpec(f, 'executeThenFail=2:502,executeThenDrop=1:socket,deliverLate=31000:2:rest,unknownResult=40010:notplaced:1:batch,partialBatch=1:3');
    expect([f.takeExecuteThenFail(), f.takeExecuteThenFail(), f.takeExecuteThenFail()]).toEqual([502, 502, null]);
    expect([f.takeExecuteThenDrop('rest'), f.takeExecuteThenDrop('socket')]).toEqual([false, true]);
    expect([f.takeLateDelivery('socket'), f.takeLateDelivery('rest'), f.takeLateDelivery('rest'), f.takeLateDelivery('rest')]).toEqual([null, 31_000, 31_000, null]);
    expect([f.takeUnknownResult(), f.takeUnknownResult('batch')]).toEqual([null, { code: '40010', placed: false }]);
    expect(f.takePartialBatch()?.failIndexes).toEqual([1, 3]);
    // Defaults: one use, status 500, every transport, scope single.
    applyFaultSpec(f, 'executeThenFail,executeThenDrop,deliverLate=500,unknownResult=45001:placed:2');
    expect([f.takeExecuteThenFail(), f.takeExecuteThenFail()]).toEqual([500, null]);
    expect([f.takeExecuteThenDrop('socket'), f.takeExecuteThenDrop('rest')]).toEqual([true, false]);
    expect([f.takeLateDelivery('socket'), f.takeLateDelivery('rest')]).toEqual([500, null]);
    expect([f.takeUnknownResult('batch'), f.takeUnknownResult(), f.takeUnknownResult()]).toEqual([null, { code: '45001', placed: true }, { code: '45001', placed: true }]);

    const bad: [string, RegExp][] = [
      ['executeThenFail=0', /count must be at least 1/],
      ['executeThenFail=1:200', /400-599/],
      ['executeThenFail=x', /count must be an integer/],
      ['executeThenDrop=1:udp', /transport "udp" is not rest, socket or all/],
      ['deliverLate', /use deliverLate=MS/],
      ['deliverLate=-5', /ms must be at least 0/],
      ['deliverLate=100:1:ws', /transport "ws"/],
      ['unknownResult=40010', /CODE:placed or CODE:notplaced/],
      ['unknownResult=40010:yes', /CODE:placed or CODE:notplaced/],
      ['unknownResult=40010:placed:1:both', /scope "both" is not single, batch or all/],
      ['partialBatch', /use partialBatch=INDEX/],
      ['partialBatch=1:x', /item index must be an integer/],
      ['partialBatch=-1', /item index must be at least 0/],
    ];
    for (const [spec, why] of bad) expect(() => applyFaultSpec(f, spec), spec).toThrow(why);
    expect(() => applyFaultSpec(f, 'explode')).toThrow(/known: .*executeThenFail, executeThenDrop, deliverLate, partialBatch\)/);
  });
});
