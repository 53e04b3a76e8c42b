/**
 * The appointment menu (role "menu"): check-in and confirmation marks, then details, edit and cancel. A mark is
 * written only when an item is activated (click or Enter); arrow keys only move between items.
 */
import { useRef, type ReactNode } from 'react';
import { Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator, Button, Header } from 'react-aria-components';
import type { AgendaItem } from '../../../common/contract';
import { appointmentTitle } from '../../lib/words';
import { appointmentActions, canMark, type MenuAction } from './appointment-actions';

/** The chosen item's action, found by its menu id. */
function actionOf(key: React.Key): MenuAction | null {
  return appointmentActions.all().find((a) => a.name === String(key))?.pick ?? null;
}

/** The words over the marks: why they are off when they are. */
function markHeader(item: AgendaItem): string {
  if (item.pending?.change === 'delete') return 'No marks: this appointment is being cancelled';
  return canMark(item) ? 'Mark as' : 'Marks are available once it has synced';
}

function Items({ item, withDetails }: { item: AgendaItem; withDetails: boolean }) {
  const offered = appointmentActions
    .all()
    .filter((a) => (withDetails || !a.outsideDetails) && (!a.listed || a.listed(item)));
  const items = (section: 'marks' | 'actions') =>
    offered
      .filter((a) => a.section === section)
      .map((a) => (
        <MenuItem
          key={a.name}
          id={a.name}
          className={a.danger ? 'menu-item menu-danger' : 'menu-item'}
          isDisabled={a.when ? !a.when(item) : false}
        >
          {a.words}
        </MenuItem>
      ));
  return (
    <>
      <MenuSection>
        <Header className="menu-header">{markHeader(item)}</Header>
        {items('marks')}
      </MenuSection>
      <Separator className="menu-separator" />
      <MenuSection>{items('actions')}</MenuSection>
    </>
  );
}

/** Hands the chosen item's action on. */
const handOn = (item: AgendaItem, onAction: (item: AgendaItem, action: MenuAction) => void) => (key: React.Key) => {
  const action = actionOf(key);
  if (action) onAction(item, action);
};

/** A menu opened at a point of the grid (right-click, the Menu key, Shift+F10, or a click on a free time). */
function MenuAtPoint(props: {
  label: string;
  at: { x: number; y: number };
  onAction(key: React.Key): void;
  onClose(): void;
  children: ReactNode;
}) {
  const anchor = useRef<HTMLSpanElement>(null);
  return (
    <>
      <span ref={anchor} className="menu-anchor" style={{ left: props.at.x, top: props.at.y }} aria-hidden="true" />
      <Popover
        triggerRef={anchor}
        isOpen
        onOpenChange={(open) => !open && props.onClose()}
        placement="bottom start"
        className="menu-popover"
        aria-label={props.label}
      >
        <Menu
          aria-label={props.label}
          className="menu"
          autoFocus="first"
          onAction={props.onAction}
          onClose={props.onClose}
        >
          {props.children}
        </Menu>
      </Popover>
    </>
  );
}

/** The grid's context menu of an appointment. */
export function ContextMenu(props: {
  item: AgendaItem;
  at: { x: number; y: number };
  onAction(item: AgendaItem, action: MenuAction): void;
  onClose(): void;
}) {
  return (
    <MenuAtPoint
      label={`Actions for ${appointmentTitle(props.item)}`}
      at={props.at}
      onAction={handOn(props.item, props.onAction)}
      onClose={props.onClose}
    >
      <Items item={props.item} withDetails />
    </MenuAtPoint>
  );
}

/** The "Mark as…" button of the details, with the same menu. */
export function MarkMenuButton(props: { item: AgendaItem; onAction(item: AgendaItem, action: MenuAction): void }) {
  return (
    <MenuTrigger>
      <Button className="secondary-button">Mark as…</Button>
      <Popover placement="bottom start" className="menu-popover">
        <Menu
          aria-label={`Mark ${appointmentTitle(props.item)}`}
          className="menu"
          onAction={handOn(props.item, props.onAction)}
        >
          <Items item={props.item} withDetails={false} />
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** What the free-time menu offers. */
export type SlotAction = 'new' | 'book';

/** The menu of an empty slot of the grid (a click there): add an appointment, or book a caller through a page. */
export function SlotMenu(props: {
  label: string;
  at: { x: number; y: number };
  onAction(action: SlotAction): void;
  onClose(): void;
}) {
  return (
    <MenuAtPoint
      label={props.label}
      at={props.at}
      onAction={(key) => props.onAction(key === 'book' ? 'book' : 'new')}
      onClose={props.onClose}
    >
      <MenuSection>
        <Header className="menu-header">{props.label}</Header>
        <MenuItem id="new" className="menu-item">
          New appointment
        </MenuItem>
        <MenuItem id="book" className="menu-item">
          Book for a caller
        </MenuItem>
      </MenuSection>
    </MenuAtPoint>
  );
}
