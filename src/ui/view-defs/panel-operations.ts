/**
 * Operations the panels send themselves (through the order, countdown and loan services) rather
 * than through a desk view: each with the commands (keys) that lead to it. Together with the desk
 * views (`registry.ts`) this is the map from every operation with a path to a way to reach it from
 * the keyboard; `test/e2e/ui-reach.test.ts` walks the operations table against both.
 */
export const PANEL_OPERATIONS: Readonly<Record<string, readonly string[]>> = {
  'trade.placeOrder': ['ticket.review', 'ticket.confirmYes', 'positions.close'],
  'trade.modifyOrder': ['orders.modify'],
  'trade.cancelOrder': ['orders.cancel'],
  // Reality (rToken) pairs: the orders panel's cancel uses their own path.
  'trade.cancelRealityOrder': ['orders.cancel'],
  'trade.countdownCancelAll': ['countdown.arm', 'countdown.rearm', 'countdown.disarm'],
  'trade.placeBatch': ['orders.ladder'],
  'trade.batchModifyOrder': ['orders.batchModify'],
  'trade.cancelBatch': ['orders.batchCancel'],
  'trade.cancelSymbolOrder': ['orders.cancelSymbol'],
  'trade.closePositions': ['positions.closeAll'],
  'trade.getHistoryOrders': ['orders.history'],
  'trade.getFills': ['orders.history'],
  'loan.borrow': ['loans.borrow'],
  'loan.repay': ['loans.repay'],
  'loan.revisePledge': ['loans.addPledge', 'loans.withdrawPledge'],
};
