/** The native menu with the usual roles (copy/paste, zoom, window). */
import { Menu, type MenuItemConstructorOptions } from 'electron';

/** Installs the application menu; Help holds "Open Log Folder" (for support). */
export function installMenu(actions: { openLogFolder(): void }): void {
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'Open Log Folder', click: () => actions.openLogFolder() }] },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
