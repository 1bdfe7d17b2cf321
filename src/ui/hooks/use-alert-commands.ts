import { ALERTS_OVERLAYS } from '../keys/areas/alerts.js';
import { Command } from '../keys/commands.js';
import { useAppContext } from './app-context.js';
import { useCommand } from './use-commands.js';

/** Why the alert commands cannot run in a session without the alert rules service. */
export const NO_ALERTS = 'alerts are not available in this session';

/** Registers the palette's alert commands: "Add an alert…" opens the form, "List alerts" the list (`a` in the list also adds). */
export function useAlertCommands(): void {
  const { store, services } = useAppContext();
  const unavailable = () => (services.alerts ? null : NO_ALERTS);
  useCommand(Command.ALERTS_ADD, () => store.getState().setOverlay(ALERTS_OVERLAYS.form), unavailable);
  useCommand(Command.ALERTS_LIST, () => store.getState().setOverlay(ALERTS_OVERLAYS.list), unavailable);
}
