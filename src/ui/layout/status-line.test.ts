import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Loan, Position } from '../../domain/model.js';
import { createAppStore } from '../../store/create-app-store.js';
import type { SocketHealth } from '../../store/slices/connection-slice.js';
import { countdownPiece, fitStatusLine, GIVE_WAY, piecesWidth, riskCells, riskCellsSelector, socketGlyph, statusSegments, type LineFacts, type RiskCells } from './status-line.js';

const NOW = 1_000_000;
const d = (s: string): Decimal => new Decimal(s);
const sock = (state: SocketHealth['state'], agoMs = 1000): SocketHealth => ({ state, lastMessageAt: NOW - agoMs, pingRttMs: 20, reconnects: 1, lastError: null });

const FACTS: LineFacts = { unknown: 0, account: 'acct', pub: sock('subscribed'), priv: sock('subscribed'), clockOffsetMs: -3, headroom: 0.5, countdown: { state: 'armed', secondsLeft: 9 }, now: NOW };
const CELLS: RiskCells = {
  equity: 'Eq $1,000.00', equityShort: 'Eq 1.0K', pnl: 'uPnL +$5.00', pnlShort: 'uPnL +5.0', pnlTone: 'up', margin: 'Margin 1.00%', marginShort: 'Mgn 1.0%', marginTone: null,
  liq: 'Liq BTCUSDT 3.00%', liqShort: 'Liq BTC 3.0%', liqTone: 'danger', loan: 'Loan 70.0% call 80% liq 90%', loanShort: 'Loan 70/80/90%', loanTone: 'warn',
};
const text = (width: number) => fitStatusLine(statusSegments(FACTS, CELLS), width).map((p) => p.text).join('');

describe('fitStatusLine', () => {
  it('keeps a clock far off or a rate limit nearly used up past the socket detail; drops it first while all is well', () => {
    const line = (f: Partial<LineFacts>, width: number) => fitStatusLine(statusSegments({ ...FACTS, ...f }, CELLS), width).map((p) => p.text).join('');
    const calm = line({ clockOffsetMs: 12, headroom: 1 }, 150);
    expect(calm).not.toContain('clock');
    const skewed = line({ clockOffsetMs: 60_000, headroom: 1 }, 160);
    expect(skewed, skewed).toContain('clock +60000ms rate 100%');
    expect(line({ clockOffsetMs: 0, headroom: 0 }, 160)).toContain('rate 0%');
    expect(fitStatusLine(statusSegments({ ...FACTS, clockOffsetMs: 60_000 }, CELLS), 160).find((p) => p.text.includes('clock'))?.tone).toBe('warn');
  });

  it('gives way in GIVE_WAY order, one step at a time, until the line fits', () => {
    const full = text(1000);
    expect(full).toBe('acct Eq $1,000.00 uPnL +$5.00 Margin 1.00% Liq BTCUSDT 3.00% Loan 70.0% call 80% liq 90% DMS  9s pub subscribed   1s   20ms r1 priv subscribed   1s   20ms r1 clock -3ms rate 50%');
    // Every width from wide to narrow: the line fits wherever what never gives way fits, and never gets richer as it narrows.
    let prev = full.length;
    for (let w = 200; w >= 30; w -= 1) {
      const line = text(w);
      expect(line.length).toBeLessThanOrEqual(Math.max(w, 'Eq 1.0K DMS  9s'.length));
      expect(line.length).toBeLessThanOrEqual(prev);
      expect(line).toMatch(/^(acct )?Eq /);
      expect(line).toContain('DMS  9s');
      prev = line.length;
    }
  });
  it.each([
    [150, 'acct Eq $1,000.00 uPnL +$5.00 Margin 1.00% Liq BTCUSDT 3.00% Loan 70.0% call 80% liq 90% DMS  9s pub subscribed   1s priv subscribed   1s'],
    [110, 'Eq $1,000.00 uPnL +$5.00 Margin 1.00% Liq BTCUSDT 3.00% Loan 70.0% call 80% liq 90% DMS  9s P✓ A✓'],
    [70, 'Eq 1.0K uPnL +5.0 Mgn 1.0% Liq BTC 3.0% Loan 70/80/90% DMS  9s P✓ A✓'],
    [55, 'Eq 1.0K uPnL +5.0 Mgn 1.0% Liq BTC 3.0% DMS  9s ✓✓'],
    [40, 'Eq 1.0K uPnL +5.0 Mgn 1.0% DMS  9s ✓✓'],
    [30, 'Eq 1.0K uPnL +5.0 DMS  9s ✓✓'],
    [26, 'Eq 1.0K uPnL +5.0 DMS  9s'],
    [10, 'Eq 1.0K DMS  9s'],
  ])('at %i', (width, want) => {
    expect(text(width)).toBe(want);
  });
  it('socket detail gives way before any risk figure gets shorter', () => {
    const firstRisk = GIVE_WAY.findIndex(([id]) => ['equity', 'pnl', 'margin', 'liq', 'loan'].includes(id));
    const glyph = GIVE_WAY.findIndex(([id, to]) => id === 'sockets' && to === 3);
    expect(glyph).toBeLessThan(firstRisk);
    expect(GIVE_WAY.filter(([id]) => id === 'equity').every(([, to]) => to < 2)).toBe(true);
  });
  it('never lets the orders of unknown result or the countdown go', () => {
    const line = fitStatusLine(statusSegments({ ...FACTS, unknown: 3 }, CELLS), 20);
    expect(line.map((p) => p.text).join('')).toBe('? 3 unknown Eq 1.0K DMS  9s');
    expect(line[0]).toEqual({ text: '? 3 unknown', tone: 'danger', bold: true });
    expect(piecesWidth(line)).toBe(27);
  });
});

describe('pieces', () => {
  it.each([
    ['subscribed, fresh', sock('subscribed'), '✓'],
    ['subscribed but silent for 30 s', sock('subscribed', 30_000), '~'],
    ['reconnecting', sock('reconnecting'), '~'],
    ['fatal', sock('fatal'), '✗'],
    ['closed', sock('closed'), '✗'],
  ])('socket glyph: %s', (_name, h, want) => {
    expect(socketGlyph(h, NOW)).toBe(want);
  });
  it.each([
    [{ state: 'armed', secondsLeft: 25 }, ' DMS 25s', 'ok'],
    [{ state: 'failing', secondsLeft: 4 }, ' DMS  4s', 'danger'],
    [{ state: 'fired', secondsLeft: 0 }, ' DMS FIRED', 'danger'],
    [{ state: 'off', secondsLeft: 0 }, ' DMS off', 'muted'],
  ] as const)('countdown %j', (c, want, tone) => {
    expect(countdownPiece(c)).toEqual({ text: want, tone });
  });
});

function loan(ratio: string, sup: string, force: string): Loan {
  return { orderId: 'L', loanCoin: 'USDT', loanAmount: d('1'), interestAmount: d('0'), hourInterestRate: d('0'), pledgeCoin: 'ETH', pledgeAmount: d('1'), pledgeRate: d(ratio), supRate: d(sup), forceRate: d(force), borrowTime: 0, expireTime: 0 };
}

function position(symbol: string, mark: string, liq: string): Position {
  return {
    category: 'USDT-FUTURES', symbol, posSide: 'long', holdMode: 'one_way_mode', marginMode: 'crossed', marginCoin: 'USDT', size: d('1'), available: d('1'), avgPrice: d(mark),
    markPrice: d(mark), unrealisedPnl: d('0'), leverage: d('5'), liqPrice: d(liq), margin: d('1'), takeProfit: null, stopLoss: null, updatedTime: 0,
  };
}

describe('riskCells', () => {
  it('is dashes with no data', () => {
    const c = riskCells(createAppStore().getState());
    expect(c).toEqual({
      equity: 'Eq —', equityShort: 'Eq —', pnl: 'uPnL —', pnlShort: 'uPnL —', pnlTone: null, margin: 'Margin —', marginShort: 'Mgn —', marginTone: null,
      liq: 'Liq —', liqShort: 'Liq —', liqTone: null, loan: 'Loan —', loanShort: 'Loan —', loanTone: null,
    });
  });
  it('formats and colours the figures', () => {
    const store = createAppStore();
    const s = store.getState();
    s.setAccount({ equity: d('1234567.891'), effEquity: d('0'), imr: d('0'), mmr: d('0'), mgnRatio: d('0.85'), unrealisedPnl: d('4321'), assets: [], updatedTime: 0 }, 0);
    s.replacePositions([position('1000PEPEUSDT', '0.01', '0.00975')], 0);
    s.setLoans([loan('0.5', '0.875', '0')], 0);
    expect(riskCells(store.getState())).toEqual({
      equity: 'Eq $1,234,567.89', equityShort: 'Eq 1.2M', pnl: 'uPnL +$4,321.00', pnlShort: 'uPnL +4.3K', pnlTone: 'up', margin: 'Margin 85.00%', marginShort: 'Mgn 85.0%', marginTone: 'danger',
      liq: 'Liq 1000PEPEUSDT 2.50%', liqShort: 'Liq 1000PEPE 2.5%', liqTone: 'danger', loan: 'Loan 50.0% call 87.5% liq ?%', loanShort: 'Loan 50/87.5/?%', loanTone: null,
    });
  });
  it('the selector reuses its result until an input changes', () => {
    const store = createAppStore();
    const select = riskCellsSelector();
    const a = select(store.getState());
    store.getState().setFocus('book');
    expect(select(store.getState())).toBe(a);
    store.getState().setLoans([loan('0.78', '0.8', '0.9')], 1);
    const b = select(store.getState());
    expect(b).not.toBe(a);
    expect(b.loanTone).toBe('danger');
  });
});
