import { Text } from 'ink';
import { cleanup } from 'ink-testing-library';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../store/create-app-store.js';
import { renderPanel } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { Command } from '../keys/commands.js';
import { useCommand } from './use-commands.js';
import { useTextField } from './use-text-field.js';

/** o starts editing; Enter ends it and records the text as the handler saw it at that moment. */
function Field() {
  const field = useTextField({ initial: '97000' });
  const [done, setDone] = useState<string[]>([]);
  useCommand(Command.TICKET_REVIEW, () => field.startEditing());
  useCommand(Command.TICKET_ENTER, () => {
    const text = field.current();
    setDone((d) => [...d, text]);
    field.stopEditing();
  });
  return (
    <Text>
      {field.editing ? 'editing' : 'idle'} value={field.value} done={done.join('|')}
    </Text>
  );
}

afterEach(() => cleanup());

describe('useTextField', () => {
  it('takes a whole burst in one chunk: start, the first key replaces, more keys append, Enter ends with the text typed', async () => {
    const store = createAppStore();
    store.getState().setFocus('ticket');
    const app = renderPanel(<Field />, { store });
    await app.waitForText('idle value=97000');
    // o starts editing; "96500" and Enter arrive in the same chunk as the o.
    await app.press('o96500\r');
    await waitFor(() => app.frame().includes('done=96500'), () => app.frame());
    expect(app.frame()).toContain('idle value=96500 done=96500');
    // Backspace inside a burst edits the text too.
    await app.press('o12\u007f3\r');
    await waitFor(() => app.frame().includes('done=96500|13'), () => app.frame());
    expect(app.frame()).toContain('idle value=13');
  });
});
