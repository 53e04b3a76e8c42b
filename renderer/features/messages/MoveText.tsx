/**
 * "Text the patient about the new time" after a move: the first of the practice's quick texts that tells a {time}
 * (not a delay), filled with the patient's first name and the new time, opened in the Text patient dialog so the
 * receptionist reads (and may change) it before it goes.
 */
import type { MoveTextProps } from '../calendar';
import { timeInZone, usePracticeZone } from '../../lib/practice-time';
import { fillQuickText, firstNameOf, needsMinutes } from './quick-text-fill';
import { useQuickTexts } from './QuickTextMenu';
import { TextPatientDialog } from './TextPatientDialog';

/** When no quick text tells a time (the practice removed them all). */
const NEW_TIME = 'Your appointment is now at {time}.';

/** The dialog, for the first person on the appointment with a phone. */
export function MoveText({ item, onClose }: MoveTextProps) {
  const zone = usePracticeZone();
  const texts = useQuickTexts();
  const person = item.people.find((p) => p.phone.trim());
  if (!person) return null;
  const template = texts.find((t) => /\{\s*time\s*\}/i.test(t) && !needsMinutes(t)) ?? NEW_TIME;
  const text = fillQuickText(template, { firstName: firstNameOf(person.name), time: timeInZone(item.start, zone) });
  return (
    <TextPatientDialog
      to={{
        name: person.name,
        phone: person.phone,
        contactId: person.contactId ?? null,
        eventId: item.id > 0 ? item.id : null,
        start: item.start,
      }}
      text={text}
      onClose={onClose}
    />
  );
}
