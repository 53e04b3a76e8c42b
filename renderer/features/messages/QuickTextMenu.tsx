/** "Quick text" menu next to a reply box: picks one of the practice's quick texts, filled for this patient. */
import { useEffect } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { DEFAULT_QUICK_TEXTS } from '../../../common/contract';
import { useMessagesStore } from '../../stores/messages-store';
import { fillQuickText, type QuickTextValues } from './quick-text-fill';

/** The practice's quick texts (the first-installed ones until they have been read). */
export function useQuickTexts(): string[] {
  const texts = useMessagesStore((s) => s.quickTexts);
  useEffect(() => {
    if (texts === null) void useMessagesStore.getState().loadQuickTexts();
  }, [texts]);
  return texts ?? [...DEFAULT_QUICK_TEXTS];
}

/** The menu button; `onPick` gets the filled text. */
export function QuickTextMenu(props: { values: QuickTextValues; onPick(text: string): void; isDisabled?: boolean }) {
  const texts = useQuickTexts();
  return (
    <MenuTrigger>
      <Button className="secondary-button" isDisabled={props.isDisabled ?? false}>
        Quick text ▾
      </Button>
      <Popover className="menu-popover" placement="top start">
        <Menu
          className="menu"
          aria-label="Quick texts"
          onAction={(key) => props.onPick(fillQuickText(texts[Number(key)] ?? '', props.values))}
        >
          {texts.map((t, i) => (
            <MenuItem key={i} id={i} className="menu-item" textValue={t}>
              {t}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
