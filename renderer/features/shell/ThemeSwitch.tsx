/**
 * The theme switch in the header: System (as the computer says), Light or Dark, kept by main in this computer's
 * settings across restarts. A group of radio buttons named "Theme": one Tab stop, the arrow keys choose.
 */
import { THEME_CHOICES, type ThemeChoice } from '../../../common/contract';
import { useAppStore } from '../../stores/app-store';
import './theme-switch.css';

/** Each choice as the switch says it. */
const THEME_WORDS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** The switch. */
export function ThemeSwitch() {
  const theme = useAppStore((s) => s.theme);
  return (
    <fieldset className="theme-switch" data-testid="theme-switch">
      <legend className="visually-hidden">Theme</legend>
      <span className="theme-switch-label" aria-hidden="true">
        Theme
      </span>
      {THEME_CHOICES.map((choice) => (
        <label key={choice} className="theme-option">
          <input
            type="radio"
            name="theme"
            value={choice}
            checked={theme === choice}
            onChange={() => void useAppStore.getState().chooseTheme(choice)}
          />
          <span>{THEME_WORDS[choice]}</span>
        </label>
      ))}
    </fieldset>
  );
}
