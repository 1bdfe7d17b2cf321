/**
 * `insLoan.getCoinsConvert`: margin coin conversion info of an institutional loan product.
 * Every productId (letters, digits, `-` or `_`, at most 32) gets the same conversion table:
 * the ratio at which each collateral coin counts towards the product, by USDT value ladder.
 */
import { badParam } from './errors.js';
import { asParams, reqString } from './params.js';

/** The conversion table: coin, ratio, USDT cap and ladders (ranges in USDT). */
const CONVERT = [
  { coin: 'USDT', convertRatio: '1', maxConvertValue: '10000000', ladders: [['0-10000000', '1']] },
  { coin: 'USDC', convertRatio: '1', maxConvertValue: '10000000', ladders: [['0-10000000', '1']] },
  { coin: 'BTC', convertRatio: '0.95', maxConvertValue: '5000000', ladders: [['0-1000000', '0.95'], ['1000000-3000000', '0.9'], ['3000000-5000000', '0.85']] },
  { coin: 'ETH', convertRatio: '0.95', maxConvertValue: '3000000', ladders: [['0-1000000', '0.95'], ['1000000-3000000', '0.88']] },
  { coin: 'BGB', convertRatio: '0.7', maxConvertValue: '500000', ladders: [['0-200000', '0.7'], ['200000-500000', '0.5']] },
] as const;

/** The reply for `productId`. */
export function coinsConvert(raw: unknown): { productId: string; coinInfo: Record<string, unknown>[] } {
  const productId = reqString(asParams(raw), 'productId');
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(productId)) throw badParam('productId', 'use up to 32 letters, digits, - or _');
  return {
    productId,
    coinInfo: CONVERT.map((c) => ({
      coin: c.coin,
      convertRatio: c.convertRatio,
      maxConvertValue: c.maxConvertValue,
      convertRatioList: c.ladders.map(([ladder, convertRatio]) => ({ ladder, convertRatio })),
    })),
  };
}
