import { describe, expect, it } from 'vitest';
import { createBackOffice } from './create-back-office.js';
import { fakeBackOfficeDeps, rejection } from './fake-deps.js';

describe('ins-loan coin conversion', () => {
  it('needs a productId and answers the conversion ladders', () => {
    const backOffice = createBackOffice(fakeBackOfficeDeps());
    expect(rejection(() => backOffice.handle('insLoan.getCoinsConvert', '6000000001', {})).code).toBe('40019');
    const r = backOffice.handle('insLoan.getCoinsConvert', '6000000001', { productId: '1001' }) as { productId: string; coinInfo: Record<string, unknown>[] };
    expect(r.productId).toBe('1001');
    expect(r.coinInfo.find((c) => c.coin === 'BTC')).toEqual({
      coin: 'BTC', convertRatio: '0.95', maxConvertValue: '5000000',
      convertRatioList: [
        { ladder: '0-1000000', convertRatio: '0.95' }, { ladder: '1000000-3000000', convertRatio: '0.9' }, { ladder: '3000000-5000000', convertRatio: '0.85' },
      ],
    });
  });
});
