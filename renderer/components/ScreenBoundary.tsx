/**
 * A screen that fails to draw (an error while it renders, or its code not loading) says so in its place, and the rest
 * of the window — the header, the tabs, the status bar, the other screens — goes on working. Without it React takes the
 * whole window down and the receptionist faces a blank page. What was typed lives in the stores, not in the screen, so
 * "Try again" draws it back as it was; "Reload Frontdesk" is for code that did not load (`CodeNotLoaded`,
 * lib/lazy-part.ts). Keyed by the screen shown (App.tsx), so another screen starts afresh.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CodeNotLoaded } from '../lib/lazy-part';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Draws its screen, or, if that failed, why not in plain words and what can be done. Keyed by the screen shown. */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('a screen could not be shown', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const reload = error instanceof CodeNotLoaded;
    return (
      <div className="banner banner-error" role="alert" data-testid="screen-failed">
        <p>
          {reload
            ? 'This screen could not be opened: part of Frontdesk did not load. Your saved changes are kept, and the other screens still work. Reload Frontdesk to open this one.'
            : 'Something went wrong while showing this screen. Nothing you typed or saved is lost, and the other screens still work.'}
        </p>
        <div className="button-row">
          {reload ? (
            <button type="button" className="primary-button" onClick={() => location.reload()}>
              Reload Frontdesk
            </button>
          ) : (
            <button type="button" className="primary-button" onClick={() => this.setState({ error: null })}>
              Try again
            </button>
          )}
        </div>
      </div>
    );
  }
}
