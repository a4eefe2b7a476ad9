import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { ChatModeration, ChatRules } from '../../../../schema/chat-moderation';
import { formatRelativeTime } from '../../../ui/format';
import { ModalDialog } from '../../../ui/modal-dialog';
import { moderationLogQueryOptions, useModerate } from './queries';

const SLOW_MODE_SECONDS = [0, 3, 10, 30, 60, 120, 300, 600];
/** Followers-only choices in minutes; -1 stands for off (null in the rules). */
const FOLLOWERS_MINUTES: Array<[number, string]> = [
  [-1, 'Off'],
  [0, 'Any follower'],
  [10, 'Following 10 minutes'],
  [60, 'Following 1 hour'],
  [60 * 24, 'Following 1 day'],
  [60 * 24 * 7, 'Following 1 week'],
];
const LOG_TEXT: Record<string, string> = {
  delete_message: 'deleted a message of',
  timeout: 'timed out',
  ban: 'banned',
  unban: 'lifted the sanction on',
  add_moderator: 'made a moderator:',
  remove_moderator: 'removed as moderator:',
  update_rules: 'changed the chat settings',
  delete_comment: 'deleted a comment of',
  pin_comment: 'pinned a comment of',
  unpin_comment: 'unpinned a comment of',
  approve_comment: 'approved a held comment of',
};

type SheetProps = { room: string; moderation: ChatModeration; open: boolean; onClose: () => void };

/**
 * The moderation sheet of the chat panel (issue 24 §1): slow mode, followers-only, links and blocked
 * terms (the creator changes them, moderators read them), moderators (the creator appoints and
 * removes), who is banned or timed out (lifted here), and the log of who did what.
 */
export function ModerationSheet({ room, moderation, open, onClose }: SheetProps) {
  const isCreator = moderation.role === 'creator';
  return (
    <ModalDialog open={open} onClose={onClose} title="Chat moderation">
      {open && (
        <div className="moderation-sheet">
          {moderation.rules && <RulesForm room={room} rules={moderation.rules} editable={isCreator} />}
          <Moderators room={room} moderators={moderation.moderators} editable={isCreator} />
          <Sanctions room={room} moderation={moderation} />
          <Log room={room} />
        </div>
      )}
    </ModalDialog>
  );
}

function RulesForm({ room, rules, editable }: { room: string; rules: ChatRules; editable: boolean }) {
  const moderate = useModerate(room);
  const [slow, setSlow] = useState(rules.slowModeSeconds);
  const [followers, setFollowers] = useState(rules.followersOnlyMinutes ?? -1);
  const [links, setLinks] = useState(rules.linksAllowed);
  const [terms, setTerms] = useState(rules.blockedTerms.join('\n'));
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const blockedTerms = terms
      .split('\n')
      .map((term) => term.trim())
      .filter(Boolean);
    moderate.mutate({
      kind: 'rules',
      rules: {
        slowModeSeconds: slow,
        followersOnlyMinutes: followers < 0 ? null : followers,
        linksAllowed: links,
        blockedTerms,
      },
    });
  };
  return (
    <form className="moderation-section" onSubmit={submit}>
      <h3>Chat settings</h3>
      <fieldset disabled={!editable || moderate.isPending}>
        <label htmlFor={`${id}-slow`}>Slow mode</label>
        <select
          id={`${id}-slow`}
          className="text-input"
          value={slow}
          onChange={(event) => setSlow(Number(event.target.value))}
        >
          {SLOW_MODE_SECONDS.map((seconds) => (
            <option key={seconds} value={seconds}>
              {seconds === 0 ? 'Off' : `One message every ${seconds} s`}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-followers`}>Followers-only chat</label>
        <select
          id={`${id}-followers`}
          className="text-input"
          value={followers}
          onChange={(event) => setFollowers(Number(event.target.value))}
        >
          {FOLLOWERS_MINUTES.map(([minutes, label]) => (
            <option key={minutes} value={minutes}>
              {label}
            </option>
          ))}
        </select>
        <label className="moderation-check">
          <input type="checkbox" checked={links} onChange={(event) => setLinks(event.target.checked)} /> Allow
          links in chat
        </label>
        <label htmlFor={`${id}-terms`}>Blocked terms, one per line</label>
        <textarea
          id={`${id}-terms`}
          className="text-input"
          rows={4}
          value={terms}
          onChange={(event) => setTerms(event.target.value)}
        />
        {editable && (
          <button type="submit" className="button button-primary">
            Save settings
          </button>
        )}
      </fieldset>
      {!editable && <p className="chat-note">Only the streamer changes these.</p>}
    </form>
  );
}

function Moderators({
  room,
  moderators,
  editable,
}: {
  room: string;
  moderators: string[];
  editable: boolean;
}) {
  const moderate = useModerate(room);
  const [name, setName] = useState('');
  const id = useId();
  const add = (event: FormEvent) => {
    event.preventDefault();
    const username = name.trim();
    if (!username) return;
    moderate.mutate({ kind: 'add-moderator', username }, { onSuccess: () => setName('') });
  };
  return (
    <section className="moderation-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Moderators</h3>
      {moderators.length === 0 && <p className="chat-note">No moderators yet.</p>}
      <ul className="moderation-list">
        {moderators.map((username) => (
          <li key={username}>
            <span>{username}</span>
            {editable && (
              <button
                type="button"
                className="button"
                onClick={() => moderate.mutate({ kind: 'remove-moderator', username })}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      {editable && (
        <form className="moderation-add" onSubmit={add}>
          <label htmlFor={`${id}-name`}>Username</label>
          <input
            id={`${id}-name`}
            className="text-input"
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
          />
          <button type="submit" className="button" disabled={moderate.isPending}>
            Add moderator
          </button>
        </form>
      )}
    </section>
  );
}

function Sanctions({ room, moderation }: { room: string; moderation: ChatModeration }) {
  const moderate = useModerate(room);
  return (
    <section className="moderation-section">
      <h3>Banned and timed out</h3>
      {moderation.sanctions.length === 0 && <p className="chat-note">Nobody is banned or timed out.</p>}
      <ul className="moderation-list">
        {moderation.sanctions.map((sanction) => (
          <li key={sanction.username}>
            <span>
              {sanction.username}{' '}
              <small>
                {sanction.kind === 'ban'
                  ? 'banned'
                  : `timed out until ${new Date(sanction.until ?? 0).toLocaleTimeString()}`}
              </small>
            </span>
            <button
              type="button"
              className="button"
              onClick={() => moderate.mutate({ kind: 'lift', username: sanction.username })}
            >
              Lift
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Log({ room }: { room: string }) {
  const { data: log, isPending } = useQuery(moderationLogQueryOptions(room));
  return (
    <section className="moderation-section">
      <h3>Moderation log</h3>
      {isPending && <p className="chat-note">Loading…</p>}
      {log?.length === 0 && <p className="chat-note">Nothing yet.</p>}
      <ol className="moderation-log">
        {log?.map((entry) => (
          <li key={entry.id}>
            <strong>{entry.actor}</strong> {LOG_TEXT[entry.action] ?? entry.action}{' '}
            {entry.target && <strong>{entry.target}</strong>}
            {entry.detail && entry.action !== 'update_rules' && <span> ({entry.detail})</span>}{' '}
            <time dateTime={entry.createdAt}>{formatRelativeTime(entry.createdAt)}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}
