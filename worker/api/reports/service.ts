import { REPORT_TEXT, type ReportBody } from '../../../schema/reports';
import type { SessionUser } from '../../../schema/user';
import { notFound } from '../../lib/errors';
import { findChatMessage } from '../chat/rooms';
import { requireStreamRoom } from '../chat/service';
import { insertReport, type Reported, reportableComment, reportableVideo } from './queries';

/** What is reported, as the reporter can see it now; 404 when it is gone or not theirs to see. */
const findReported = async (env: Env, reporter: SessionUser, body: ReportBody): Promise<Reported | null> => {
  switch (body.kind) {
    case 'video':
      return reportableVideo(env.DB, body.targetId, reporter.id);
    case 'comment':
      return reportableComment(env.DB, body.targetId, reporter.id);
    case 'chat_message': {
      await requireStreamRoom(env.DB, body.room);
      const message = await findChatMessage(env, body.room, body.targetId);
      // A tip's line is the room's own words, not a user's.
      return message && message.userId !== 'system'
        ? { authorId: message.userId, excerpt: message.message }
        : null;
    }
  }
};

/** Stores a report of something the reporter can see (once per reporter and thing). */
export const fileReport = async (env: Env, reporter: SessionUser, body: ReportBody, now: Date) => {
  const reported = await findReported(env, reporter, body);
  if (!reported) throw notFound(REPORT_TEXT.notFound);
  await insertReport(env.DB, reporter.id, body, reported, now.toISOString());
};
