/** The "?" dialog: every keyboard shortcut in one table. */
import { ColumnHeads } from '../../components/ColumnHeads';
import { Button } from 'react-aria-components';
import { AppDialog } from '../../components/Dialog';
import { shortcutRows } from './shortcuts';
import './shell.css';

/** Shown while `isOpen`. */
export function ShortcutsDialog(props: { isOpen: boolean; onClose(): void }) {
  if (!props.isOpen) return null;
  return (
    <AppDialog isOpen onOpenChange={(open) => !open && props.onClose()} title="Keyboard shortcuts" testId="shortcuts">
      <table className="shortcut-table">
        <ColumnHeads names={['Keys', 'What they do']} />
        <tbody>
          {shortcutRows().map((r) => (
            <tr key={r.keys}>
              <td>
                <kbd>{r.keys}</kbd>
              </td>
              <td>{r.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <Button className="primary-button" onPress={props.onClose} autoFocus>
          Close
        </Button>
      </div>
    </AppDialog>
  );
}
