import * as z from 'zod/mini';
import { IdSchema } from './common';

/**
 * Reports to the platform (issue 24 §1): any registered viewer reports a chat message, a comment or
 * a video with a reason from a short list; operators read them (docs/operators.md).
 */
export const REPORT_REASONS = {
  spam: 'Spam or scam',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  sexual: 'Sexual content',
  violence: 'Violence or threats',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

const ReasonSchema = z.enum(Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]], {
  error: 'Choose a reason',
});

/** `POST /api/reports`: what is reported, and why. A chat message is named with its room. */
export const ReportBodySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('video'), targetId: IdSchema, reason: ReasonSchema }),
  z.object({ kind: z.literal('comment'), targetId: IdSchema, reason: ReasonSchema }),
  z.object({
    kind: z.literal('chat_message'),
    targetId: z.string().check(z.minLength(1), z.maxLength(64)),
    room: z.string().check(z.minLength(1), z.maxLength(128)),
    reason: ReasonSchema,
  }),
]);
export type ReportBody = z.infer<typeof ReportBodySchema>;
type WithoutReason<T> = T extends unknown ? Omit<T, 'reason'> : never;
/** What a Report button names: the body without the reason the dialog asks for. */
export type ReportTarget = WithoutReason<ReportBody>;

export const ReportAnswerSchema = z.object({ reported: z.literal(true) });

export const REPORT_TEXT = {
  sent: 'Thanks for reporting. Our team will review it.',
  notFound: 'There is nothing to report here any more',
} as const;
