/** App-wide state: install facts, service connectivity and the link to main. */
import { create } from 'zustand';
import type { AppInfo, Connectivity, IpcError } from '../../common/contract';
import { frontdesk, onHostLink } from '../lib/frontdesk';
import type { StoreData } from '../lib/store-shape';

/** State and actions of the app store. */
export interface AppState {
  info: AppInfo | null;
  connectivity: Connectivity | null;
  hostLinked: boolean;
  error: IpcError | null;
  checking: boolean;
  load(): Promise<void>;
  checkNow(): Promise<void>;
  /** Opens the log folder (desktop app); resolves with a plain-words problem, or null when it opened. */
  openLogFolder(): Promise<string | null>;
  /** Opens the print dialog: the system's through main in the desktop app, the page's otherwise; a problem or null. */
  print(): Promise<string | null>;
}

/** The app store's data before anything is known (install facts and the link are no account's: never reset). */
export const getEmptyState = (): StoreData<AppState> => ({
  info: null,
  connectivity: null,
  hostLinked: true,
  error: null,
  checking: false,
});

/** The app store; `wireAppEvents` connects it to main once. */
export const useAppStore = create<AppState>()((set, get) => ({
  ...getEmptyState(),
  async load() {
    const [info, connectivity] = await Promise.all([
      frontdesk.invoke['app:info'](),
      frontdesk.invoke['app:connectivity'](),
    ]);
    if (!info.ok) return set({ error: info.error });
    set({ info: info.value, error: null, ...(connectivity.ok ? { connectivity: connectivity.value } : {}) });
  },
  async checkNow() {
    set({ checking: true });
    const result = await frontdesk.invoke['app:check-connectivity']();
    set({ checking: false, ...(result.ok ? { connectivity: result.value } : { error: result.error }) });
  },
  async openLogFolder() {
    const result = await frontdesk.invoke['app:open-log-folder']();
    return result.ok ? null : result.error.message;
  },
  async print() {
    if (!get().info?.canPrint) {
      window.print();
      return null;
    }
    const result = await frontdesk.invoke['app:print']();
    return result.ok ? null : result.error.message;
  },
}));

/** Subscribes the store to main's events; call once at start-up. */
export function wireAppEvents(): () => void {
  const offConnectivity = frontdesk.on['connectivity:changed']((connectivity) =>
    useAppStore.setState({ connectivity }),
  );
  const offLink = onHostLink((hostLinked) => {
    useAppStore.setState({ hostLinked });
    if (hostLinked) void useAppStore.getState().load();
  });
  return () => {
    offConnectivity();
    offLink();
  };
}
