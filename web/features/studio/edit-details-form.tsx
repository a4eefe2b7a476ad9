import { type FormEvent, useId, useRef, useState } from 'react';
import type { Video } from '../../../schema/content';
import { UpdateVideoBodySchema } from '../../../schema/video-edit';
import { drawPosterSizesOf } from '../upload/poster-sizes';
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

/** The picked picture as the poster (JPEG, as an upload's) and its card widths. */
async function posterOf(canvas: HTMLCanvasElement, video: Video): Promise<VideoEdit['poster']> {
  const frame = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.82));
  if (!frame) throw new Error('This browser could not draw the thumbnail');
  return { frame, sizes: await drawPosterSizesOf(canvas, canvas.width, canvas.height, video.type) };
}

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

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (edit.isPending || !changed) return;
    // The poster is checked by the server once uploaded; the typed fields are checked here.
    const checked = Object.keys(fields).length > 0 ? UpdateVideoBodySchema.safeParse(fields) : null;
    const issue = checked?.error?.issues[0];
    if (issue) return setError(`${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`);
    setError('');
    try {
      const picked = posterPicked && poster.current ? await posterOf(poster.current, video) : null;
      edit.mutate(
        { fields, poster: picked },
        { onSuccess: onSaved, onError: (reason) => setError(reason.message) },
      );
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : String(reason));
    }
  };

  return (
    <form className="edit-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="upload-field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          value={title}
          maxLength={200}
          required
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <div className="upload-field">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          rows={3}
          value={description}
          maxLength={5000}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
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
