import { type FormEvent, useId, useRef, useState } from 'react';
import type { Video } from '../../../schema/content';
import { UpdateVideoBodySchema } from '../../../schema/video-edit';
import { VideoTextFields } from '../videos/video-text-fields';
import { useEditVideo, type VideoEdit } from './edit-queries';
import { ThumbnailPicker } from './thumbnail-picker';

type EditDetailsFormProps = { video: Video; onSaved: (video: Video) => void };

/** The form's tags box: comma-separated, as typed. */
const splitTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);

/**
 * Title, description, tags, visibility and thumbnail of one video. Only what changed is sent; the
 * rules are the server's own schema (schema/video-edit.ts), checked here first for a quick answer.
 */
export function EditDetailsForm({ video, onSaved }: EditDetailsFormProps) {
  const id = useId();
  const edit = useEditVideo(video);
  const [title, setTitle] = useState(video.title);
  const [description, setDescription] = useState(video.description);
  const [tags, setTags] = useState(video.tags.join(', '));
  const [isPublic, setIsPublic] = useState(video.isPublic);
  const poster = useRef<HTMLCanvasElement | null>(null);
  const [posterPicked, setPosterPicked] = useState(false);
  const [error, setError] = useState('');

  const fields: VideoEdit['fields'] = {
    ...(title !== video.title && { title }),
    ...(description !== video.description && { description }),
    ...(!sameTags(splitTags(tags), video.tags) && { tags: splitTags(tags) }),
    ...(isPublic !== video.isPublic && { isPublic }),
  };
  const changed = posterPicked || Object.keys(fields).length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (edit.isPending || !changed) return;
    // The poster is checked by the server once uploaded; the typed fields are checked here.
    const checked = Object.keys(fields).length > 0 ? UpdateVideoBodySchema.safeParse(fields) : null;
    const issue = checked?.error?.issues[0];
    if (issue) return setError(`${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`);
    setError('');
    edit.mutate(
      { fields, poster: posterPicked ? poster.current : null },
      { onSuccess: onSaved, onError: (reason) => setError(reason.message) },
    );
  };

  return (
    <form className="edit-form" onSubmit={onSubmit} noValidate>
      <VideoTextFields
        title={title}
        description={description}
        onTitle={setTitle}
        onDescription={setDescription}
      />
      <div className="upload-field">
        <label htmlFor={`${id}-tags`}>Tags</label>
        <input
          id={`${id}-tags`}
          value={tags}
          placeholder="travel, rain"
          aria-describedby={`${id}-tags-hint`}
          onChange={(event) => setTags(event.target.value)}
        />
        <span id={`${id}-tags-hint`} className="muted edit-hint">
          Separate tags with commas.
        </span>
      </div>
      <fieldset className="edit-visibility">
        <legend>Visibility</legend>
        <label>
          <input
            type="radio"
            name={`${id}-visibility`}
            checked={isPublic}
            onChange={() => setIsPublic(true)}
          />
          Public
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-visibility`}
            checked={!isPublic}
            onChange={() => setIsPublic(false)}
          />
          Private
        </label>
      </fieldset>
      <ThumbnailPicker
        video={video}
        disabled={edit.isPending}
        onPick={(canvas) => {
          poster.current = canvas;
          setPosterPicked(true);
        }}
      />
      {error && (
        <p role="alert" className="edit-error">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="submit" className="button button-primary" disabled={!changed || edit.isPending}>
          {edit.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
