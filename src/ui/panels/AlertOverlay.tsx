import { ALERTS_OVERLAYS } from '../keys/areas/alerts.js';
import { AlertFormOverlay } from './AlertFormOverlay.js';
import { AlertListOverlay } from './AlertListOverlay.js';

/** Props of the alert overlays. */
export interface AlertOverlayProps {
  /** Which one is open (store `ui.overlay`). */
  readonly overlay: (typeof ALERTS_OVERLAYS)[keyof typeof ALERTS_OVERLAYS];
  /** Outer width in columns. */
  readonly width: number;
  /** Outer height in rows. */
  readonly height: number;
  /** Closes the overlay (the owner clears `ui.overlay`). */
  readonly onClose: () => void;
}

/** The open alert overlay: the "add an alert" form or the alert list (keyed, so each opens fresh). */
export function AlertOverlay({ overlay, width, height, onClose }: AlertOverlayProps) {
  return overlay === ALERTS_OVERLAYS.form ? <AlertFormOverlay key="form" width={width} height={height} onClose={onClose} /> : <AlertListOverlay key="list" width={width} height={height} onClose={onClose} />;
}
