/** The keyboard's right-click of an appointment (no react-aria here: the grid's first render imports it). */
import type { KeyboardEvent } from 'react';
import { matchesKeys } from '../../lib/actions';
import { appointmentMenuKeys } from '../shell';

/**
 * The keyboard's right-click, for an appointment in the grid and in the Agenda: the keys the shortcut list names for
 * it (Shift+F10, the Menu key) open its menu 12px inside the control's top-left corner, inside even the narrowest
 * block of the grid.
 */
export function menuKeys(open: (at: { x: number; y: number }) => void) {
  return (e: KeyboardEvent<HTMLElement>) => {
    if (!matchesKeys(appointmentMenuKeys, e)) return;
    e.preventDefault();
    const r = e.currentTarget.getBoundingClientRect();
    open({ x: r.left + 12, y: r.top + 12 });
  };
}
