import type { AppState } from '../../store/app-state.js';
import type { ViewDef, ViewRow } from './view-types.js';

/**
 * Why the hold mode cannot change now (the exchange allows it only with no positions and no open
 * orders), or null. Counts what the store holds, which the streams keep equal to the exchange.
 */
export function holdModeRefusal(state: AppState): string | null {
  const positions = Object.values(state.positions.open).filter((p) => !p.size.isZero()).length;
  const orders = Object.keys(state.orders.open).length;
  if (positions === 0 && orders === 0) return null;
  const parts = [positions > 0 ? `${positions} open position${positions === 1 ? '' : 's'}` : '', orders > 0 ? `${orders} open order${orders === 1 ? '' : 's'}` : ''].filter((p) => p !== '');
  return `hold mode can change only when flat: ${parts.join(' and ')}; close and cancel them first`;
}

/** Labels of the account settings reply's own fields, in the order shown. */
const SETTING_LABELS: readonly (readonly [string, string])[] = [
  ['accountMode', 'Account mode'],
  ['assetMode', 'Asset mode'],
  ['accountLevel', 'Account level'],
  ['holdMode', 'Hold mode'],
  ['stpMode', 'Self-trade prevention'],
  ['deltaSwitch', 'Delta-neutral'],
];

/**
 * The account settings as a table people read: one row per setting with its label, then one per
 * symbol (category, symbol, margin mode, leverage) and one per margin coin, instead of wire paths
 * such as `symbolConfigList[0].marginMode`. Fields the reply adds beyond these keep their name.
 */
export function settingsRows(data: unknown): readonly ViewRow[] {
  const rec = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const text = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.map(rec) : []);
  const r = rec(data);
  const row = (setting: string, value: string, category = '', name = '', margin = ''): ViewRow => ({ setting, value, category, 'symbol / coin': name, 'margin mode': margin });
  const known = new Set([...SETTING_LABELS.map(([k]) => k), 'symbolConfigList', 'coinConfigList']);
  return [
    ...SETTING_LABELS.filter(([k]) => k in r).map(([k, label]) => row(label, text(r[k]))),
    ...Object.keys(r).filter((k) => !known.has(k)).map((k) => row(k, text(r[k]))),
    ...list(r['symbolConfigList']).map((s) => row('Leverage', `${text(s['leverage'])}x`, text(s['category']), text(s['symbol']), text(s['marginMode']))),
    ...list(r['coinConfigList']).map((c) => row('Margin leverage', `${text(c['leverage'])}x`, 'MARGIN', text(c['coin']))),
  ];
}

/** Account administration views (keys in the account panel, `6`). */
export const ACCOUNT_VIEWS: readonly ViewDef[] = [
  { command: 'views.accountSettings', title: 'Account settings (modes, leverage per symbol/coin)', group: 'Account', op: 'account.getSettings', scope: 'account', key: 'S', rows: settingsRows },
  {
    command: 'views.accountMode',
    title: 'Switch account mode',
    group: 'Account',
    op: 'account.adjustAccountMode',
    scope: 'account',
    key: 'M',
    note: 'basic / advanced / isolated; deltaSwitch for delta-neutral; targetUid switches a sub-account',
  },
  {
    command: 'views.holdMode',
    title: 'Set hold mode (one-way / hedge)',
    group: 'Account',
    op: 'account.setHoldMode',
    scope: 'account',
    key: 'H',
    precheck: (state) => holdModeRefusal(state),
    // Opening this view means changing the mode: offer the one the account is not in.
    defaults: (env): Readonly<Record<string, string>> => (env.holdMode === 'hedge_mode' ? { holdMode: 'one_way_mode' } : env.holdMode === 'one_way_mode' ? { holdMode: 'hedge_mode' } : {}),
    note: 'only with no positions and no open orders',
  },
  {
    command: 'views.leverage',
    title: 'Set leverage',
    group: 'Account',
    op: 'account.setLeverage',
    scope: 'account',
    key: 'L',
    // Leverage exists for margin coins and futures symbols; on a spot symbol it means margin.
    defaults: (env): Readonly<Record<string, string>> =>
      env.category === 'SPOT' || env.category === 'MARGIN' ? { category: 'MARGIN', coin: env.quoteCoin } : { category: env.category, symbol: env.symbol },
    note: 'futures: per symbol (isolated: posSide, or longLeverage/shortLeverage in hedge mode); margin: per coin',
  },
  { command: 'views.deltaInfo', title: 'Delta information', group: 'Account', op: 'account.getDeltaInfo', scope: 'account', key: 'D' },
  { command: 'views.fundingAssets', title: 'Funding account assets', group: 'Account', op: 'account.getFundingAssets', scope: 'account', key: 'F' },
  { command: 'views.assets', title: 'Unified account assets (exchange record)', group: 'Account', op: 'account.getAssets', scope: 'account', key: 'A' },
  { command: 'views.maxTransferable', title: 'Max transferable', group: 'Account', op: 'account.getMaxTransferable', scope: 'account', key: 'T', defaults: (env) => ({ coin: env.quoteCoin }) },
  {
    command: 'views.maxOpen',
    title: 'Max open available',
    group: 'Account',
    op: 'account.getMaxOpenAvailable',
    scope: 'account',
    key: 'O',
    defaults: (env) => ({ category: env.category, symbol: env.symbol, orderType: 'market', side: 'buy' }),
  },
  {
    command: 'views.financialRecords',
    title: 'Financial records',
    group: 'Account',
    op: 'account.getFinancialRecords',
    scope: 'account',
    key: 'R',
    hide: ['cursor'],
    defaults: (env) => ({ category: env.category, startTime: '-7d', endTime: 'now', limit: '50' }),
    note: 'one category (or OTHER) per query; 90 days back, 30 days a query; cursor paging (n/p)',
  },
  { command: 'views.cancelWithdrawal', title: 'Cancel a withdrawal', group: 'Account', op: 'account.cancelWithdrawal', scope: 'account', key: 'W', note: 'by orderId or clientOid' },
  { command: 'views.subAccounts', title: 'Sub-accounts', group: 'Account', op: 'user.getSubList', scope: 'account', key: 'U', hide: ['cursor'], defaults: () => ({ limit: '50' }) },
  {
    command: 'views.createSub',
    title: 'Create a sub-account',
    group: 'Account',
    op: 'user.createSub',
    scope: 'account',
    key: 'N',
    defaults: () => ({ accountMode: 'unified' }),
    note: 'username: 1 to 20 lower-case letters; note up to 50 characters',
  },
  {
    command: 'views.createSubKeys',
    title: 'Create sub-accounts with API keys (legacy batch)',
    group: 'Account',
    op: 'user.batchCreateSubApiKey',
    scope: 'account',
    key: 'K',
    batchSplit: 'subAccountName',
    sensitive: true,
    note: 'comma-separate names for several; each secret is shown once, here, and never logged',
  },
  {
    command: 'views.marginTax',
    title: 'Margin tax records',
    group: 'Account',
    op: 'tax.getMarginRecords',
    scope: 'account',
    key: 'X',
    hide: ['idLessThan'],
    defaults: () => ({ startTime: '-30d', endTime: 'now', limit: '100' }),
    note: 'span at most 30 days; pages by idLessThan (n/p)',
  },
];
