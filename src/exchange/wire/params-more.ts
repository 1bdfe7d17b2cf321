/**
 * Request parameter types of the position, account, sub-account, tax and market operations
 * (wire form: strings). Joined with the loan and trade params in `params.ts`.
 */

/** REST product category (upper case). */
type Category = 'SPOT' | 'MARGIN' | 'USDT-FUTURES' | 'COIN-FUTURES' | 'USDC-FUTURES';
type FuturesCategory = 'USDT-FUTURES' | 'COIN-FUTURES' | 'USDC-FUTURES';
type NoParams = Record<string, never>;

/** Candle interval. */
export type WireCandleInterval = '1m' | '3m' | '5m' | '15m' | '30m' | '1H' | '4H' | '6H' | '12H' | '1D';

/** Permission names of a legacy sub-account API key request (hyphen form). */
export type SubApiKeyPermission =
  | 'contract-order'
  | 'contract-position'
  | 'spot-trade'
  | 'margin-trade'
  | 'copytrading-trade'
  | 'wallet-transfer'
  | 'wallet-withdraw';

/** One item of the legacy batch sub-account + API key creation. */
export interface SubApiKeyItemParams {
  /** Exactly 8 English letters. */
  readonly subAccountName: string;
  /** 8–32 letters and digits. Secret: never logged. */
  readonly passphrase: string;
  /** At most 20 characters. */
  readonly label: string;
  /** At most 30 addresses. */
  readonly ipList?: readonly string[];
  readonly permList?: readonly SubApiKeyPermission[];
}

/** Candle query; `limit` up to 1000 (candles) or 100 (history-candles). */
export interface CandleParams {
  /** Margin pairs use the SPOT candles. */
  readonly category: Exclude<Category, 'MARGIN'>;
  readonly symbol: string;
  readonly interval: WireCandleInterval;
  readonly startTime?: string;
  readonly endTime?: string;
  readonly type?: 'market' | 'mark' | 'index' | 'premium';
  readonly limit?: string;
}

/** Order book query; `limit` 1–1000 levels (default 5). */
export interface OrderbookParams {
  /** Margin pairs use the SPOT book. */
  readonly category: Exclude<Category, 'MARGIN'>;
  readonly symbol: string;
  readonly limit?: string;
}

/** Position, account, sub-account, tax and market params by operation id. */
export interface AccountAndMarketParams {
  'position.getCurrent': { readonly category: FuturesCategory; readonly symbol?: string; readonly posSide?: 'long' | 'short' };
  /** Last 90 days, at most 30 days per query; `limit` 1–100. */
  'position.getHistory': {
    readonly category: FuturesCategory;
    readonly symbol?: string;
    readonly startTime?: string;
    readonly endTime?: string;
    readonly limit?: string;
    readonly cursor?: string;
  };
  'position.getAllLegacy': { readonly productType: FuturesCategory; readonly marginCoin?: string };
  /** `price` is required for a limit order; `size` is in the base coin. */
  'account.getMaxOpenAvailable': {
    readonly category: Category;
    readonly symbol: string;
    readonly orderType: 'limit' | 'market';
    readonly side: 'buy' | 'sell';
    readonly price?: string;
    readonly size?: string;
  };
  'account.getAssets': NoParams;
  'account.getFundingAssets': { readonly coin?: string };
  'account.getDeltaInfo': NoParams;
  'account.getSettings': NoParams;
  'account.adjustAccountMode': {
    readonly mode: 'basic' | 'advanced' | 'delta' | 'isolated';
    readonly deltaSwitch?: 'yes' | 'no';
    readonly targetUid?: string;
  };
  'account.setHoldMode': { readonly holdMode: 'one_way_mode' | 'hedge_mode' };
  /**
   * `coin` for MARGIN, `symbol` for futures (official page "Set Leverage"). `marginMode` defaults to
   * crossed; isolated takes `posSide`, or `longLeverage`/`shortLeverage` in hedge mode.
   */
  'account.setLeverage': {
    readonly category: Exclude<Category, 'SPOT'>;
    readonly leverage: string;
    readonly coin?: string;
    readonly symbol?: string;
    readonly posSide?: 'long' | 'short';
    readonly marginMode?: 'crossed' | 'isolated';
    readonly longLeverage?: string;
    readonly shortLeverage?: string;
  };
  'account.getMaxTransferable': { readonly coin: string };
  /** Last 90 days, at most 30 days per query. */
  'account.getFinancialRecords': {
    readonly category: Category | 'OTHER';
    readonly coin?: string;
    readonly type?: string;
    readonly startTime?: string;
    readonly endTime?: string;
    readonly limit?: string;
    readonly cursor?: string;
  };
  'account.cancelWithdrawal': { readonly orderId: string; readonly clientOid?: string } | { readonly orderId?: string; readonly clientOid: string };
  /** `username`: 1–20 lower-case letters; `note` at most 50 characters. */
  'user.createSub': { readonly username: string; readonly accountMode?: 'classic' | 'unified'; readonly note?: string };
  'user.getSubList': { readonly limit?: string; readonly cursor?: string };
  'user.batchCreateSubApiKey': readonly SubApiKeyItemParams[];
  /** At most 30 days between startTime and endTime; `limit` 1–500. */
  'tax.getMarginRecords': {
    readonly marginType?: 'isolated' | 'crossed' | 'cross';
    readonly coin?: string;
    readonly startTime: string;
    readonly endTime: string;
    readonly limit?: string;
    readonly idLessThan?: string;
  };
  'market.getInstruments': { readonly category: Category; readonly symbol?: string };
  'market.getPublicInstruments': { readonly category: Category; readonly symbol?: string };
  'market.getRpiSymbols': NoParams;
  'market.getTickers': { readonly category: Exclude<Category, 'MARGIN'>; readonly symbol?: string };
  'market.getOrderbook': OrderbookParams;
  'market.getRpiOrderbook': OrderbookParams;
  'market.getFills': { readonly category: Category; readonly symbol: string; readonly limit?: string };
  'market.getCandles': CandleParams;
  /** At most 90 days between startTime and endTime; `limit` 1–100. */
  'market.getHistoryCandles': CandleParams;
  'market.getTime': NoParams;
  'market.getPublicTime': NoParams;
  'market.getServerTime': NoParams;
  'market.getCoins': { readonly coin?: string };
  'market.getFeeGroup': { readonly category: 'SPOT' | 'FUTURES'; readonly group?: 'DEFAULT' | 'GROUP_A' | 'GROUP_B' | 'GROUP_C' };
  'market.getScoreWeights': { readonly category?: 'SPOT' | 'FUTURES' };
  /** `language` is required (zh_CN or en_US); the last month at most. */
  'market.getAnnouncements': {
    readonly language: 'zh_CN' | 'en_US';
    readonly startTime?: string;
    readonly endTime?: string;
    readonly annType?:
      | 'latest_news'
      | 'coin_listings'
      | 'trading_competitions_promotions'
      | 'product_updates'
      | 'security'
      | 'api_trading'
      | 'symbol_delisting'
      | 'maintenance_system_updates';
  };
}
