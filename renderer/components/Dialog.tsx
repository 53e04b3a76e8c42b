/**
 * Every dialog of the app, one family: `AppDialog` (a titled dialog near the top of the window, or a panel at its
 * right edge) and `ConfirmDialog` (a question before something is done, destructive ones all alike). One set of
 * classes (`dialog-*` in overlays.css) draws them all. Esc and a click outside close them unless told otherwise.
 */
import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

/** Open state: controlled (`isOpen`, `onOpenChange`), or left to a surrounding `DialogTrigger` when both are out. */
interface OpenState {
  isOpen?: boolean;
  onOpenChange?(open: boolean): void;
}

/** The open-state props to hand react-aria: none when a `DialogTrigger` owns the state. */
function control(p: OpenState): OpenState {
  if (p.isOpen === undefined) return {};
  return { isOpen: p.isOpen, ...(p.onOpenChange ? { onOpenChange: p.onOpenChange } : {}) };
}

const MODAL_CLASS = {
  normal: 'dialog-modal',
  wide: 'dialog-modal dialog-wide',
  broad: 'dialog-modal dialog-broad',
  side: 'dialog-modal dialog-side',
} as const;

/** A dialog with a title (or a label, when its heading is drawn by the content). */
export function AppDialog(
  props: OpenState & {
    /** The heading; left out when the content draws its own (then give `label` or a labelled heading). */
    title?: ReactNode;
    /** The accessible name when there is no `title`. */
    label?: string;
    labelledBy?: string;
    /** `normal` (560px), `wide` (a form), `broad` (a table of people), `side` (a panel at the right edge). */
    size?: 'normal' | 'wide' | 'broad' | 'side';
    /** Whether Esc and a click outside close it (not while something is being sent, nor over a form). */
    isDismissable?: boolean;
    /** Extra class on the body, for the feature's own layout inside. */
    className?: string;
    testId?: string;
    children: ReactNode | ((close: () => void) => ReactNode);
  },
) {
  const size = props.size ?? 'normal';
  return (
    <ModalOverlay
      {...control(props)}
      isDismissable={props.isDismissable ?? true}
      className={size === 'side' ? 'dialog-overlay dialog-overlay-side' : 'dialog-overlay'}
    >
      <Modal className={MODAL_CLASS[size]}>
        <Dialog
          className={props.className ? `dialog-body ${props.className}` : 'dialog-body'}
          data-testid={props.testId}
          {...(props.label ? { 'aria-label': props.label } : {})}
          {...(props.labelledBy ? { 'aria-labelledby': props.labelledBy } : {})}
        >
          {({ close }) => (
            <>
              {props.title !== undefined && <Heading slot="title">{props.title}</Heading>}
              {typeof props.children === 'function' ? props.children(close) : props.children}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * A question before something is done (role "alertdialog"): the title asks it, the text says what happens, "keep"
 * (focused first) changes nothing, and "confirm" does it. A destructive confirm is an outlined red button.
 */
export function ConfirmDialog(
  props: OpenState & {
    title: ReactNode;
    children: ReactNode;
    keepLabel: string;
    confirmLabel: ReactNode;
    /** `danger` for what cannot be had back by itself (cancel, delete); `primary` otherwise. */
    tone: 'danger' | 'primary';
    onConfirm(): void;
    /** Close as the confirm is pressed (the default), or leave it to the caller (it closes when done). */
    closeOnConfirm?: boolean;
    confirmDisabled?: boolean;
    testId?: string;
  },
) {
  return (
    <ModalOverlay {...control(props)} isDismissable className="dialog-overlay">
      <Modal className="dialog-modal">
        <Dialog role="alertdialog" className="dialog-body" data-testid={props.testId}>
          {({ close }) => (
            <>
              <Heading slot="title">{props.title}</Heading>
              {props.children}
              <div className="dialog-actions">
                <Button className="secondary-button" onPress={close} autoFocus>
                  {props.keepLabel}
                </Button>
                <Button
                  className={props.tone === 'danger' ? 'danger-button' : 'primary-button'}
                  isDisabled={props.confirmDisabled ?? false}
                  onPress={() => {
                    if (props.closeOnConfirm ?? true) close();
                    props.onConfirm();
                  }}
                >
                  {props.confirmLabel}
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
