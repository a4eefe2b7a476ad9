import { MESSAGES } from '../../../schema/messages';
import { SmileIcon } from '../../ui/icons';

/** What a visitor sees instead of the message box: they can read the chat but not write in it. */
export function ChatVisitorBar() {
  return (
    <div className="chat-input chat-visitor" data-testid="chat-visitor">
      <button type="button" className="button" disabled aria-label="Emoji" title="Emoji">
        <SmileIcon />
      </button>
      <p className="chat-note">{MESSAGES.chat.connectWallet}</p>
    </div>
  );
}
