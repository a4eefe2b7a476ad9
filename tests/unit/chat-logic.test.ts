import { describe, expect, it } from 'vitest';
import { appendRecent, buildChatMessage, identityFromUrl, parseClientMessage } from '../../party/chat-logic';

const identity = { userId: 'u1', username: 'alice', avatar: '' };
const message = (n: number) =>
  buildChatMessage(identity, `m${n}`, { id: String(n), streamKey: 'room', now: new Date(0) });

describe('chat room rules', () => {
  it('accepts a trimmed chat_message and nothing else', () => {
    expect(parseClientMessage(JSON.stringify({ type: 'chat_message', message: '  hi  ' }))).toBe('hi');
    expect(parseClientMessage(JSON.stringify({ type: 'chat_message', message: ' ' }))).toBeNull();
    expect(parseClientMessage(JSON.stringify({ type: 'tip_notification', message: 'fake gift' }))).toBeNull();
    expect(parseClientMessage('not json')).toBeNull();
    expect(parseClientMessage(new ArrayBuffer(4))).toBeNull();
  });

  it('keeps the message as text, markup included', () => {
    expect(parseClientMessage(JSON.stringify({ type: 'chat_message', message: '<b>x</b>' }))).toBe(
      '<b>x</b>',
    );
  });

  it('remembers at most the configured number of recent messages, oldest dropped', () => {
    let recent = [message(1), message(2)];
    recent = appendRecent(recent, message(3), 2);
    expect(recent.map((m) => m.message)).toEqual(['m2', 'm3']);
  });

  it('caps the self-declared identity and fills gaps', () => {
    const url = new URL(`http://x/parties/chat/r?username=${'a'.repeat(100)}`);
    expect(identityFromUrl(url)).toEqual({ userId: 'anonymous', username: 'a'.repeat(64), avatar: '' });
  });
});
