import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { LIMITS } from '../../../schema/constants';

type ChatInputProps = { canSend: boolean; onSend: (text: string) => boolean };

/** The message box: Enter sends, Shift+Enter adds a line; blank text is not sent. */
export function ChatInput({ canSend, onSend }: ChatInputProps) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  const submit = () => {
    if (blank || !canSend) return;
    if (onSend(text)) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  return (
    <form className="chat-input" onSubmit={onSubmit}>
      <textarea
        data-testid="chat-input"
        className="text-input"
        aria-label="Chat message"
        placeholder="Send a message"
        rows={2}
        maxLength={LIMITS.chatMessageMaxLength}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="button button-primary" disabled={blank || !canSend}>
        Send
      </button>
    </form>
  );
}
