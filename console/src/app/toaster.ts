import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import type { ToastKind } from './console-env';

/** Spec §9: toasts stay 1000 ms unless told otherwise. */
export const TOAST_TIMEOUT_MS = 1000;

const intentOf: Record<ToastKind, Intent> = {
  success: Intent.SUCCESS,
  warning: Intent.WARNING,
  info: Intent.PRIMARY,
  error: Intent.DANGER,
};

let toaster: Promise<Toaster> | null = null;

/** Shows a Blueprint toast of the given kind. */
export function notify(kind: ToastKind, text: string, timeoutMs: number = TOAST_TIMEOUT_MS): void {
  toaster ??= OverlayToaster.createAsync({ position: Position.TOP, maxToasts: 3 });
  void toaster.then((instance) =>
    instance.show({ message: text, intent: intentOf[kind], timeout: timeoutMs }),
  );
}

export { intentOf as toastIntents };
