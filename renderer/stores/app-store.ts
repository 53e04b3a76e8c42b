/** App-wide state: install facts, service connectivity and the link to main. */
import { create } from 'zustand';
import type { AppInfo, Connectivity, IpcError, Result, ThemeChoice } from '../../common/contract';
import { frontdesk, onHostLink } from '../lib/frontdesk';
import type { StoreData } from '../lib/store-shape';

/** State and actions of the app store. */
export interface AppState {
  info: AppInfo | null;
  connectivity: Connectivity | null;
  hostLinked: boolean;
  error: IpcError | null;
  checking: boolean;
  /** The theme chosen on this computer (kept by main across restarts); 'system' follows the computer's setting. */
  theme: ThemeChoice;
  load(): Promise<void>;
  /** Chooses the theme: shown at once, kept by main. */
  chooseTheme(theme: ThemeChoice): Promise<void>;
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
  theme: 'system',
});

/** The app store; `wireAppEvents` connects it to main once. */
export const useAppStore = create<AppState>()((set, get) => ({
  ...getEmptyState(),
  async load() {
    const [info, connectivity, theme] = await Promise.all([
      frontdesk.invoke['app:info'](),
      frontdesk.invoke['app:connectivity'](),
      frontdesk.invoke['app:theme'](),
    ]);
    takeAppAnswers(info, connectivity, theme);
  },
  async chooseTheme(theme) {
    set({ theme });
    const kept = await frontdesk.invoke['app:set-theme']({ theme });
    if (kept.ok) set({ theme: kept.value });
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

/** Core's answers for the install facts, the connectivity and the theme, into the store (`load`, and the page's start). */
export function takeAppAnswers(
  info: Result<AppInfo>,
  connectivity: Result<Connectivity>,
  theme: Result<ThemeChoice>,
): void {
  if (theme.ok) useAppStore.setState({ theme: theme.value });
  if (!info.ok) return useAppStore.setState({ error: info.error });
  useAppStore.setState({
    info: info.value,
    error: null,
    ...(connectivity.ok ? { connectivity: connectivity.value } : {}),
  });
}

/** Puts the chosen theme on the page: `<html data-theme>` forces light or dark; without it the computer decides. */
function showTheme(theme: ThemeChoice): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

/** Subscribes the store to main's events (and the page to the theme chosen); call once at start-up. */
export function wireAppEvents(): () => void {
  showTheme(useAppStore.getState().theme);
  const offTheme = useAppStore.subscribe((s, prev) => s.theme !== prev.theme && showTheme(s.theme));
  const offConnectivity = frontdesk.on['connectivity:changed']((connectivity) =>
    useAppStore.setState({ connectivity }),
  );
  const offLink = onHostLink((hostLinked) => {
    useAppStore.setState({ hostLinked });
    if (hostLinked) void useAppStore.getState().load();
  });
  return () => {
    offTheme();
    offConnectivity();
    offLink();
  };
}
