import type { SimCategory } from '../contract.js';
import { SIM_SYMBOLS } from './instruments.js';

/**
 * Static public reference data of the embedded exchange: coins and chains, market-maker fee
 * groups and score weights, RPI symbols and announcements (spec part E). Values are made up
 * but shaped like the real replies (all strings).
 */

type Chain = Readonly<Record<string, string>>;

function chain(name: string, fee: string, minWithdraw: string, confirm: string, contract: string, precision: string, tag = false): Chain {
  return {
    chain: name,
    needTag: tag ? 'true' : 'false',
    withdrawable: 'true',
    rechargeable: 'true',
    withdrawFee: fee,
    extraWithdrawFee: '0',
    depositConfirm: confirm,
    withdrawConfirm: confirm,
    minDepositAmount: minWithdraw,
    minWithdrawAmount: minWithdraw,
    browserUrl: `https://explorer.example/${name.toLowerCase()}/tx/`,
    contractAddress: contract,
    withdrawStep: '0',
    withdrawPrecision: precision,
    congestion: 'normal',
  };
}

/** One entry of the coins operation. */
export interface CoinInfo {
  /** Coin name, upper case. */
  readonly coin: string;
  /** "true" if internal transfer is possible. */
  readonly transfer: string;
  /** Deposit/withdrawal networks. */
  readonly chains: readonly Chain[];
}

/** Every coin the exchange lists, with its chains. */
export const COINS: readonly CoinInfo[] = [
  { coin: 'BTC', transfer: 'true', chains: [chain('BTC', '0.0002', '0.0005', '1', '', '8'), chain('BEP20', '0.0000045', '0.0001', '15', '0x7130d2a12b9bcbfae4f2634d864a1ee1ce3ead9c', '8')] },
  { coin: 'ETH', transfer: 'true', chains: [chain('ERC20', '0.0012', '0.01', '12', '', '8'), chain('ArbitrumOne', '0.0001', '0.005', '30', '', '8')] },
  { coin: 'USDT', transfer: 'true', chains: [chain('TRC20', '1', '10', '20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', '6'), chain('ERC20', '2.5', '10', '12', '0xdac17f958d2ee523a2206206994597c13d831ec7', '6')] },
  { coin: 'USDC', transfer: 'true', chains: [chain('ERC20', '2.5', '10', '12', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', '6'), chain('SOL', '0.5', '5', '32', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', '6')] },
  { coin: 'SOL', transfer: 'true', chains: [chain('SOL', '0.008', '0.1', '32', '', '8')] },
  { coin: 'XRP', transfer: 'true', chains: [chain('XRP', '0.2', '10', '1', '', '6', true)] },
  { coin: 'BGB', transfer: 'true', chains: [chain('ERC20', '4', '10', '12', '0x54d2252757e1672eead234d27b1270728ff90581', '8'), chain('Morph', '0.5', '2', '20', '', '8')] },
  { coin: 'RAAPL', transfer: 'false', chains: [] },
];

/** One market-maker fee group (spec "Market-maker fee group"). */
export interface FeeGroup {
  readonly category: 'SPOT' | 'FUTURES';
  readonly group: string;
  readonly labelList: readonly { readonly weight: string; readonly label: string; readonly symbols: readonly string[] }[];
  readonly tierList: readonly { readonly level: string; readonly makerFeeRate: string }[];
}

const tiers = (rates: readonly string[]): FeeGroup['tierList'] => rates.map((makerFeeRate, i) => ({ level: `MM${i + 1}`, makerFeeRate }));

/** Fee groups: GROUP_A core, GROUP_B high-potential, GROUP_C cold start, per line. */
export const FEE_GROUPS: readonly FeeGroup[] = [
  { category: 'SPOT', group: 'GROUP_A', labelList: [{ weight: '0.60', label: 'majors', symbols: ['BTCUSDT', 'ETHUSDT'] }], tierList: tiers(['0', '-0.00002', '-0.00004', '-0.00006', '-0.00008']) },
  { category: 'SPOT', group: 'GROUP_B', labelList: [{ weight: '0.25', label: 'reality', symbols: ['RAAPLUSDT'] }], tierList: tiers(['0.0002', '0.0001', '0', '-0.00002', '-0.00004']) },
  { category: 'SPOT', group: 'GROUP_C', labelList: [{ weight: '0.15', label: 'new listings', symbols: [] }], tierList: tiers(['0.0004', '0.0003', '0.0002', '0.0001', '0']) },
  { category: 'FUTURES', group: 'GROUP_A', labelList: [{ weight: '0.70', label: 'majors', symbols: ['BTCUSDT', 'ETHUSDT', 'BTCPERP', 'ETHPERP', 'BTCUSD_CM'] }], tierList: tiers(['0', '-0.00001', '-0.00002', '-0.00003', '-0.00005']) },
  { category: 'FUTURES', group: 'GROUP_B', labelList: [{ weight: '0.20', label: 'alts', symbols: ['SOLUSDT', 'XRPUSDT'] }], tierList: tiers(['0.0001', '0.00005', '0', '-0.00001', '-0.00002']) },
  { category: 'FUTURES', group: 'GROUP_C', labelList: [{ weight: '0.10', label: 'delivery', symbols: ['BTCUSDT260327'] }], tierList: tiers(['0.00015', '0.0001', '0.00005', '0', '-0.00001']) },
];

/** One market-maker score weight (spec "Market-maker score weight"). */
export interface ScoreWeight {
  readonly category: 'SPOT' | 'FUTURES';
  readonly label: string;
  readonly symbol: string;
  readonly requiredSpread: string;
  readonly minMakerVolume: string;
  readonly weight: string;
}

/** Score weights for every instrument in the two market-maker lines. */
export const SCORE_WEIGHTS: readonly ScoreWeight[] = [
  ...FEE_GROUPS.flatMap((g) =>
    g.labelList.flatMap((l) =>
      l.symbols.map((symbol) => ({
        category: g.category,
        label: l.label,
        symbol,
        requiredSpread: g.group === 'GROUP_A' ? '0.0005' : g.group === 'GROUP_B' ? '0.001' : '0.002',
        minMakerVolume: g.group === 'GROUP_A' ? '5000000' : g.group === 'GROUP_B' ? '1000000' : '200000',
        weight: l.weight,
      })),
    ),
  ),
];

/** Categories with RPI (retail price improvement) books, lower case as the reply spells them. */
const RPI_CATEGORIES: readonly SimCategory[] = ['SPOT', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'];

/** RPI symbols: the BTC and ETH pairs of every line that has an RPI book. */
export const RPI_SYMBOLS: readonly { readonly category: string; readonly symbol: string }[] = RPI_CATEGORIES.flatMap((c) =>
  SIM_SYMBOLS[c].filter((s) => s.startsWith('BTC') || s.startsWith('ETH')).filter((s) => s !== 'BTCUSDT260327').map((symbol) => ({ category: c.toLowerCase(), symbol })),
);

/** Announcement types and their subtypes (spec part E). */
export const ANNOUNCEMENT_TYPES: Readonly<Record<string, readonly string[]>> = {
  latest_news: ['announcements', 'news'],
  coin_listings: ['spot', 'futures', 'margin', 'copy_trading'],
  product_updates: ['spot', 'futures', 'margin', 'copy_trading'],
  security: ['security_information'],
  api_trading: ['api_announcement'],
  symbol_delisting: ['trading_pair_delisting'],
  maintenance_system_updates: ['system_maintenance'],
};

const DAY = 86_400_000;

const ANNOUNCEMENT_SEEDS: readonly { readonly type: string; readonly daysAgo: number; readonly title: string; readonly desc: string }[] = [
  { type: 'api_trading', daysAgo: 1, title: 'UTA API: RPI order book depth extended to 1000 levels', desc: 'The RPI order book operation now returns up to 1000 levels per side.' },
  { type: 'coin_listings', daysAgo: 3, title: 'New Reality token: RAAPLUSDT spot trading opens', desc: 'Apple Inc. Reality token spot trading is open; candles are available for 1m, 5m, 15m, 1H, 4H and 1D.' },
  { type: 'product_updates', daysAgo: 5, title: 'XRPUSDT perpetual: opening positions temporarily restricted', desc: 'New positions on XRPUSDT are restricted while risk limits are reviewed; closing is unaffected.' },
  { type: 'maintenance_system_updates', daysAgo: 8, title: 'Scheduled system maintenance completed', desc: 'Unified trading account services were upgraded; no action is needed.' },
  { type: 'latest_news', daysAgo: 10, title: 'Quarterly BTCUSDT delivery contract schedule', desc: 'Delivery contracts settle at the end of each quarter; opening is forbidden in the last 10 minutes.' },
  { type: 'security', daysAgo: 14, title: 'Protect your API keys', desc: 'Bind API keys to IP addresses and never share your passphrase.' },
  { type: 'symbol_delisting', daysAgo: 21, title: 'Delisting of three low-liquidity spot pairs', desc: 'Trading of the listed pairs will end; open orders will be cancelled.' },
];

/**
 * Announcements dated relative to `now` (Unix ms), newest first, of type `annType` when given.
 * The reply carries the official page's six fields; the type filters but is not echoed.
 */
export function announcements(now: number, annType?: string): readonly Readonly<Record<string, string>>[] {
  return ANNOUNCEMENT_SEEDS.flatMap((a, i) =>
    annType !== undefined && a.type !== annType
      ? []
      : [
          {
            annId: String(14000 + ANNOUNCEMENT_SEEDS.length - i),
            annTitle: a.title,
            annDesc: a.desc,
            cTime: String(now - a.daysAgo * DAY - (i + 1) * 3_600_000),
            language: 'en_US',
            annUrl: `https://www.bitget.example/support/articles/${14000 + ANNOUNCEMENT_SEEDS.length - i}`,
          },
        ],
  );
}
