/**
 * The Key: what each block's fill and icon mean (appointment-state.ts), opened from the schedule's bar. A plain
 * button, so the schedule's first render has no react-aria; the popover is in the chunk loaded after it.
 */
import { usePopoverButton } from './later-parts';

/** The "Key" button and its list: a sample block per state, with its icon and words. */
export function ScheduleKey() {
  const { triggerRef, open, close, button } = usePopoverButton();
  return (
    <>
      <button type="button" className="bar-button" data-testid="schedule-key-button" ref={triggerRef} {...button}>
        Key
      </button>
      {open && <open.KeyPopover triggerRef={triggerRef} onClose={close} />}
    </>
  );
}
