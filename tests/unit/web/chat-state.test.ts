import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../schema/live';
import {
  CHAT_MESSAGES_KEPT,
  chatReducer,
  initialChatState,
  parseServerFrames,
} from '../../../web/features/chat/chat-state';

const message = (id: string, text = `hello ${id}`): ChatMessage => ({
  id,
  streamKey: 'alice',
  userId: 'u1',
  username: 'alice',
  avatar: '',
  message: text,
  timestamp: '2026-05-01T12:00:00Z',
});

describe('parseServerFrames', () => {
  it('accepts a known message', () => {
    const frame = JSON.stringify({ type: 'chat_message', message: message('1') });
    expect(parseServerFrames(frame)).toEqual([{ type: 'chat_message', message: message('1') }]);
  });

  it("unpacks a tick's batch in the room's order", () => {
    const tip = { tipperName: 'bob', receiverName: 'alice', giftName: 'Heart', giftIcon: '❤️', amount: 100 };
    const frames = [
      { type: 'chat_message', message: message('1') },
      { type: 'tip_notification', message: message('2'), tip },
      { type: 'recent_messages', messages: [] },
    ];
    expect(parseServerFrames(JSON.stringify({ type: 'batch', frames }))).toEqual(frames);
  });

  it('ignores frames that are not JSON, not strings, or of an unknown shape', () => {
    expect(parseServerFrames('not json')).toEqual([]);
    expect(parseServerFrames(new ArrayBuffer(2))).toEqual([]);
    expect(parseServerFrames(JSON.stringify({ type: 'chat_message', message: 'bare text' }))).toEqual([]);
    expect(parseServerFrames(JSON.stringify({ type: 'mystery' }))).toEqual([]);
    expect(parseServerFrames(JSON.stringify({ type: 'batch', frames: [{ type: 'mystery' }] }))).toEqual([]);
  });
});

describe('chatReducer', () => {
  it('is connecting until the socket opens', () => {
    expect(initialChatState.connected).toBe(false);
    const open = chatReducer(initialChatState, { type: 'open' });
    expect(open).toMatchObject({ connected: true, everConnected: true });
  });

  it('remembers it was connected after a drop', () => {
    const dropped = chatReducer(chatReducer(initialChatState, { type: 'open' }), { type: 'close' });
    expect(dropped).toMatchObject({ connected: false, everConnected: true });
  });

  it('replaces the list with recent_messages and appends chat_message', () => {
    let state = chatReducer(initialChatState, {
      type: 'server',
      message: { type: 'chat_message', message: message('old') },
    });
    state = chatReducer(state, {
      type: 'server',
      message: { type: 'recent_messages', messages: [message('1'), message('2')] },
    });
    state = chatReducer(state, { type: 'server', message: { type: 'chat_message', message: message('3') } });
    expect(state.messages.map((m) => m.id)).toEqual(['1', '2', '3']);
  });

  it('drops a message a moderator deleted and keeps the others in order', () => {
    let state = chatReducer(initialChatState, {
      type: 'server',
      message: { type: 'recent_messages', messages: [message('1'), message('2'), message('3')] },
    });
    state = chatReducer(state, { type: 'server', message: { type: 'message_deleted', messageId: '2' } });
    expect(state.messages.map((m) => m.id)).toEqual(['1', '3']);
  });

  it('appends tip notifications as messages', () => {
    const tip = { tipperName: 'bob', receiverName: 'alice', giftName: 'Heart', giftIcon: '❤️', amount: 100 };
    const state = chatReducer(initialChatState, {
      type: 'server',
      message: { type: 'tip_notification', message: message('t1'), tip },
    });
    expect(state.messages.map((m) => m.id)).toEqual(['t1']);
  });

  it(`keeps only the last ${CHAT_MESSAGES_KEPT} messages`, () => {
    const many = Array.from({ length: CHAT_MESSAGES_KEPT + 5 }, (_, i) => message(String(i)));
    const state = chatReducer(initialChatState, {
      type: 'server',
      message: { type: 'recent_messages', messages: many },
    });
    expect(state.messages).toHaveLength(CHAT_MESSAGES_KEPT);
    expect(state.messages[0]?.id).toBe('5');
  });
});
