/**
 * Request parameter types per operation, in wire form: every value is a string (amounts, prices,
 * ids, Unix-ms timestamps, counts) except list fields. GET params travel as the query string,
 * POST params as the JSON body; batch operations take an array of items. The runtime rules
 * (required flags, bounds, patterns) live in the operation table and `validate.ts`; these types
 * mirror its fields. Account, sub-account, tax and market params are in `params-more.ts`.
 */
import type { OperationId } from './operations.js';
import type { AccountAndMarketParams } from './params-more.js';

/** REST product category (upper case). */
export type WireCategory = 'SPOT' | 'MARGIN' | 'USDT-FUTURES' | 'COIN-FUTURES' | 'USDC-FUTURES';
/** The three futures lines. */
export type WireFuturesCategory = 'USDT-FUTURES' | 'COIN-FUTURES' | 'USDC-FUTURES';
/** Request-side yes/no switch (lower case). */
export type YesNo = 'yes' | 'no';
/** Order side. */
export type WireSide = 'buy' | 'sell';
/** Position side (hedge mode). */
export type WirePosSide = 'long' | 'short';
/** Order type. */
export type WireOrderType = 'limit' | 'market';
/** Time in force (`rpi` needs RPI market-maker permission). */
export type WireTimeInForce = 'ioc' | 'fok' | 'gtc' | 'post_only' | 'rpi';
/** Self-trade prevention mode. */
export type WireStpMode = 'none' | 'cancel_taker' | 'cancel_maker' | 'cancel_both';
/** Loan term: 7 days, 30 days, flexible. */
export type LoanTerm = 'SEVEN' | 'THIRTY' | 'FLEXIBLE';

/** No parameters. */
export type NoParams = Record<string, never>;

/** Loan history window (required, last 3 months) and page (pageNum ≥ 1, pageSize 1–100, default 10). */
export interface LoanWindowParams {
  /** Unix ms; not older than 3 months. */
  readonly startTime: string;
  /** Unix ms. */
  readonly endTime: string;
  readonly orderId?: string;
  readonly pageNum?: string;
  readonly pageSize?: string;
}

/** Cursor paging: optional window (Unix ms), `limit` 1–100 (default 100), `cursor` from the previous reply. */
export interface CursorPageParams {
  readonly startTime?: string;
  readonly endTime?: string;
  readonly limit?: string;
  readonly cursor?: string;
}

/** Either id of an order (orderId wins when both are given). */
export type OrderRef = { readonly orderId: string; readonly clientOid?: string } | { readonly orderId?: string; readonly clientOid: string };

/** Preset take-profit / stop-loss (futures; `"0"` cancels a preset on modify). */
export interface TpSlParams {
  readonly tpTriggerBy?: 'market' | 'mark';
  readonly slTriggerBy?: 'market' | 'mark';
  readonly takeProfit?: string;
  readonly stopLoss?: string;
  readonly tpOrderType?: WireOrderType;
  readonly slOrderType?: WireOrderType;
  readonly tpLimitPrice?: string;
  readonly slLimitPrice?: string;
}

/** One order of place-batch (also the base of single placement). */
export interface BatchOrderParams {
  readonly category: WireCategory;
  readonly symbol: string;
  /** Base coin, except quote coin for spot market buys and coin-margined futures. */
  readonly qty: string;
  readonly side: WireSide;
  readonly orderType: WireOrderType;
  /** Required for limit orders. */
  readonly price?: string;
  readonly timeInForce?: WireTimeInForce;
  readonly posSide?: WirePosSide;
  /** 1–32 characters from letters, digits and `. : / _ -`. */
  readonly clientOid?: string;
  readonly stpMode?: WireStpMode;
  readonly pxAmendType?: YesNo;
}

/** Single order placement. */
export interface PlaceOrderParams extends BatchOrderParams, TpSlParams {
  readonly reduceOnly?: YesNo;
  readonly marginMode?: 'crossed' | 'isolated';
  readonly autoBorrow?: YesNo;
  readonly venue?: 'internalization' | 'lit_market';
  readonly rTokenTimeInForce?: 'gtd' | 'gtc';
}

/** Single order modification: an order id plus qty and/or price. */
export type ModifyOrderParams = OrderRef &
  TpSlParams & {
    readonly qty?: string;
    readonly price?: string;
    /** Up to 18 digits. */
    readonly requestId?: string;
    readonly autoCancel?: YesNo;
    readonly symbol?: string;
    readonly category?: Exclude<WireCategory, 'COIN-FUTURES'>;
    readonly pxAmendType?: YesNo;
  };

/** One item of batch-modify-order. */
export type BatchModifyItemParams = OrderRef & {
  readonly qty?: string;
  readonly price?: string;
  readonly autoCancel?: YesNo;
  readonly symbol?: string;
  readonly category?: Exclude<WireCategory, 'COIN-FUTURES'>;
};

/** One item of cancel-batch. */
export type CancelBatchItemParams = OrderRef & { readonly category: WireCategory; readonly symbol: string };

/** Loan and trade params by operation id. */
export interface LoanAndTradeParams {
  'loan.getCoins': { readonly coin?: string };
  'loan.getInterest': { readonly loanCoin: string; readonly pledgeCoin: string; readonly daily: LoanTerm; readonly pledgeAmount: string };
  'loan.borrow': { readonly loanCoin: string; readonly pledgeCoin: string; readonly daily: LoanTerm } & (
    | { readonly pledgeAmount: string; readonly loanAmount?: never }
    | { readonly loanAmount: string; readonly pledgeAmount?: never }
  );
  'loan.getOngoing': { readonly orderId?: string; readonly loanCoin?: string; readonly pledgeCoin?: string };
  'loan.getBorrowHistory': LoanWindowParams & {
    readonly loanCoin?: string;
    readonly pledgeCoin?: string;
    readonly status?: 'ROLLBACK' | 'FORCE' | 'REPAY';
  };
  /** `method`: repay with the borrowed coin or with collateral (official Repay page; required). */
  'loan.repay': { readonly orderId: string; readonly method: 'borrowed_coin' | 'collateral'; readonly repayAll: YesNo; readonly amount?: string; readonly repayUnlock?: YesNo };
  'loan.getRepayHistory': LoanWindowParams & { readonly loanCoin?: string; readonly pledgeCoin?: string };
  'loan.revisePledge': { readonly orderId: string; readonly amount: string; readonly pledgeCoin: string; readonly reviseType: 'OUT' | 'IN' };
  'loan.getPledgeRateHistory': LoanWindowParams & { readonly reviseSide?: 'down' | 'up'; readonly pledgeCoin?: string };
  'loan.getReduces': LoanWindowParams & {
    readonly loanCoin?: string;
    readonly pledgeCoin?: string;
    readonly status?: 'COMPLETE' | 'WAIT';
  };
  'loan.getDebts': NoParams;
  'insLoan.getCoinsConvert': { readonly productId: string };
  'trade.placeOrder': PlaceOrderParams;
  'trade.modifyOrder': ModifyOrderParams;
  /** Only an id (official Cancel-Order page); orderId wins when both are given. */
  'trade.cancelOrder': OrderRef;
  /** `"0"` disarms; `"5"`–`"60"` seconds arms. */
  'trade.countdownCancelAll': { readonly countdown: string };
  'trade.placeBatch': readonly BatchOrderParams[];
  'trade.batchModifyOrder': readonly BatchModifyItemParams[];
  'trade.cancelBatch': readonly CancelBatchItemParams[];
  'trade.cancelRealityOrder': OrderRef & { readonly symbol: string };
  'trade.cancelSymbolOrder': { readonly category: WireCategory; readonly symbol?: string };
  'trade.closePositions': { readonly category: WireFuturesCategory; readonly symbol?: string; readonly posSide?: WirePosSide };
  'trade.getOrderInfo': OrderRef;
  'trade.getUnfilledOrders': CursorPageParams & { readonly category?: WireCategory; readonly symbol?: string };
  /** Last 90 days, at most 30 days per query. */
  'trade.getHistoryOrders': CursorPageParams & { readonly category: WireCategory; readonly symbol?: string };
  /** Last 90 days, at most 30 days per query. */
  'trade.getFills': CursorPageParams & { readonly category?: WireCategory; readonly orderId?: string };
  'trade.getHistoryStrategyOrders': CursorPageParams & {
    readonly category: WireFuturesCategory;
    readonly type?: 'tpsl' | 'trigger' | 'oco' | 'trailing_stop' | 'iceberg' | 'twap';
  };
}

/** Request params of every operation, keyed by id (batch operations take arrays). */
export interface OperationParams extends LoanAndTradeParams, AccountAndMarketParams {}

/** Compile-time check: every operation id has a params entry and no entry names an unknown id. */
export type MissingParams = Exclude<OperationId, keyof OperationParams>;
/** Compile-time check: entries for ids that are not in the table. */
export type ExtraParams = Exclude<keyof OperationParams, OperationId>;
const paramsComplete: [MissingParams, ExtraParams] extends [never, never] ? true : false = true;
/** Always true; exists so the completeness check above is compiled. */
export const PARAMS_COVER_ALL_OPERATIONS: boolean = paramsComplete;
