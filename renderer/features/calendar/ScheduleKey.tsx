/** The Key: what each block's fill and icon mean (appointment-state.ts), opened from the schedule's bar. */
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { stateKeyEntries } from './appointment-state';
import { StateIcon } from './StateIcon';

/** The "Key" button and its list: a sample block per state, with its icon and words. */
export function ScheduleKey() {
  return (
    <DialogTrigger>
      <Button className="bar-button" data-testid="schedule-key-button">
        Key
      </Button>
      <Popover className="menu-popover" placement="bottom end">
        <Dialog className="key-dialog" data-testid="schedule-key">
          <Heading slot="title" className="more-heading">
            What the blocks show
          </Heading>
          <ul className="key-list">
            {stateKeyEntries().map((entry) => (
              <li key={entry.key} className="key-row">
                <span
                  className="key-sample"
                  {...(entry.key === 'waiting' || entry.key === 'attention'
                    ? { 'data-sync': entry.key, 'data-state': 'scheduled' }
                    : { 'data-state': entry.key })}
                  aria-hidden="true"
                >
                  <StateIcon name={entry.icon} />
                </span>
                {entry.words}
              </li>
            ))}
          </ul>
          <p className="key-note">The coloured edge is the provider’s colour.</p>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
