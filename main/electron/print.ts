/** `app:print`: the system print dialog for the app's window (the renderer has already laid out the day sheet). */
import { BrowserWindow } from 'electron';

/**
 * Prints the focused app window, or the only one. The caller was checked by core's dispatch (our main frame at our
 * origin, no arguments); nothing from the renderer reaches `print()`'s options.
 */
export function printAppWindow(): Promise<{ printed: boolean }> {
  const win = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  if (!win || win.isDestroyed()) return Promise.reject(new Error('no window to print'));
  return new Promise((resolve, reject) => {
    // failureReason is 'cancelled' when the person closed the dialog; any other reason is a failure to print.
    win.webContents.print({ silent: false, printBackground: false }, (success, failureReason) => {
      if (success || failureReason === 'cancelled') resolve({ printed: success });
      else reject(new Error(failureReason));
    });
  });
}
