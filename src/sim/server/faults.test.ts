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
  });
});
