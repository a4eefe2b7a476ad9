import * as z from 'zod/mini';
import { type ChatServerMessage, ChatServerMessageSchema } from './live';

/**
 * One WebSocket message from the chat room: a single frame of `ChatServerMessageSchema`, or, when
 * the room's 60 ms tick holds several, all of them in order in one `batch` (issue 14.7: a write per
 * socket per tick, not per frame, is what lets a shard keep up with a busy room). Kept apart from
 * `live.ts`, which home's first bundle loads; only the chat panel needs this.
 */
export const ChatWireSchema = z.union([
  ChatServerMessageSchema,
  z.object({ type: z.literal('batch'), frames: z.array(ChatServerMessageSchema) }),
]);
export type ChatWire = z.infer<typeof ChatWireSchema>;

/** The frames one WebSocket message carries, in the room's order. */
export const framesOf = (wire: ChatWire): ChatServerMessage[] =>
  wire.type === 'batch' ? wire.frames : [wire];

/** What a tick's frames go out as: the frame alone when it is one, else a `batch`. */
export const wireOf = (frames: ChatServerMessage[]): ChatWire =>
  frames.length === 1 && frames[0] ? frames[0] : { type: 'batch', frames };
