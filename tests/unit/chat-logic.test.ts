import { describe, expect, it } from 'vitest';
import {
  appendRecent,
  buildChatMessage,
  buildTipMessage,
  parseClientMessage,
  takeUserRateSlot,
  tipText,
} from '../../party/chat-logic';

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

  it('allows a user five messages in ten seconds, then refuses until the window slides', () => {
    let log = new Map<string, number[]>();
    for (let i = 0; i < 5; i++) {
      const slot = takeUserRateSlot(log, 'u1', 1000 + i);
      expect(slot.allowed).toBe(true);
      log = slot.log;
    }
    expect(takeUserRateSlot(log, 'u1', 2000).allowed).toBe(false);
    expect(takeUserRateSlot(log, 'u1', 11_000).allowed).toBe(true);
  });

  it('counts per user, so a refusal neither counts nor limits anyone else', () => {
    let log = new Map<string, number[]>();
    for (let i = 0; i < 5; i++) log = takeUserRateSlot(log, 'u1', 1000 + i).log;
    const refused = takeUserRateSlot(log, 'u1', 1500);
    expect(refused.allowed).toBe(false);
    expect(refused.log.get('u1')).toEqual([1000, 1001, 1002, 1003, 1004]);
    expect(takeUserRateSlot(refused.log, 'u2', 1500).allowed).toBe(true);
  });

  it('keeps only sends inside the window, so the log does not grow with every user who ever spoke', () => {
    let log = new Map<string, number[]>();
    log = takeUserRateSlot(log, 'gone', 0).log;
    log = takeUserRateSlot(log, 'u1', 9_000).log;
    log = takeUserRateSlot(log, 'u1', 12_000).log;
    expect([...log.entries()]).toEqual([['u1', [9_000, 12_000]]]);
  });

  it('writes a tip as the spec says, with the message only when there is one', () => {
    const tip = { tipperName: 'bob', receiverName: 'alice', giftName: 'Rose', giftIcon: '🌹', amount: 1 };
    expect(tipText(tip)).toBe('bob sent 🌹 Rose');
    expect(tipText({ ...tip, customMessage: 'gg' })).toBe('bob sent 🌹 Rose : gg');
    expect(tipText({ ...tip, customMessage: '  ' })).toBe('bob sent 🌹 Rose');
    expect(buildTipMessage(tip, { id: '1', streamKey: 'room', now: new Date(0) })).toMatchObject({
      userId: 'system',
      message: 'bob sent 🌹 Rose',
    });
  });
});
