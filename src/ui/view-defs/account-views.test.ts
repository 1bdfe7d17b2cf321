import { describe, expect, it } from 'vitest';
import { settingsRows } from './account-views.js';

describe('account settings rows', () => {
  it('label each setting and give one row per symbol and coin, never a wire path', () => {
    const rows = settingsRows({
      accountMode: 'unified', holdMode: 'hedge_mode', stpMode: 'none', deltaSwitch: 'no', newField: 'x',
      symbolConfigList: [{ category: 'USDT-FUTURES', symbol: 'BTCUSDT', marginMode: 'crossed', leverage: '20' }],
      coinConfigList: [{ coin: 'USDT', leverage: '5' }],
    });
    expect(rows).toContainEqual({ setting: 'Hold mode', value: 'hedge_mode', category: '', 'symbol / coin': '', 'margin mode': '' });
    expect(rows).toContainEqual({ setting: 'Leverage', value: '20x', category: 'USDT-FUTURES', 'symbol / coin': 'BTCUSDT', 'margin mode': 'crossed' });
    expect(rows).toContainEqual({ setting: 'Margin leverage', value: '5x', category: 'MARGIN', 'symbol / coin': 'USDT', 'margin mode': '' });
    expect(rows).toContainEqual({ setting: 'newField', value: 'x', category: '', 'symbol / coin': '', 'margin mode': '' });
    expect(JSON.stringify(rows)).not.toContain('symbolConfigList');
  });
});
