import { type FormEvent, useCallback, useState } from 'react';
import type { Video } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import type { User } from '../../../schema/user';
import { fileKey } from '../../data/upload-store';
import { VideoTextFields } from '../videos/video-text-fields';
import { confirmedBytes, percentOf } from './part-plan';
import { UploadProgress } from './upload-progress';
import { usePendingUploads } from './use-pending-uploads';
import { useUpload } from './use-upload';
import { VideoDropZone } from './video-drop-zone';

type UploadFormProps = { user: User | null; onUploaded: (video: Video) => void };

/**
 * The upload form (content §2.5, §4, §5): a video, title, description and the public toggle. Upload
 * stays disabled without a file or a title and while uploading; on success the form clears.
 */
export function UploadForm({ user, onUploaded }: UploadFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [isPublic, setIsPublic] = useState(true);
  const [error, setError] = useState('');

  const onDone = useCallback(
    (video: Video) => {
      setFile(null);
      setTitle('');
      setDescription('');
      setIsPublic(true);
      onUploaded(video);
    },
    [onUploaded],
  );
  const upload = useUpload(onDone);
  const pending = usePendingUploads(user?.id ?? '', upload.state.phase);
  const resumes = file ? pending.find((p) => p.key === fileKey(file)) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.busy) return;
    if (!file || !title.trim()) return setError(MESSAGES.upload.missingFields);
    if (!user) return setError(MESSAGES.upload.notRegistered);
    if (!file.type.startsWith('video/')) return setError(MESSAGES.upload.invalidVideo);
    setError('');
    void upload.start({ file, userId: user.id, title: title.trim(), description, isPublic });
  };

  const { state } = upload;
  return (
    <form className="upload-form" onSubmit={onSubmit} noValidate>
      <VideoDropZone
        file={file}
        disabled={upload.busy}
        onFile={(picked) => {
          setFile(picked);
          setError('');
        }}
        onInvalid={() => setError(MESSAGES.upload.invalidVideo)}
      />
      {resumes && (
        <p className="muted" data-testid="upload-resume">
          An earlier upload of this file stopped at{' '}
          {percentOf(confirmedBytes(resumes, resumes.confirmedParts), resumes.size)}%: it goes on from there.
        </p>
      )}
      {!file && pending.length > 0 && (
        <p className="muted">
          Unfinished: {pending.map((p) => p.fileName).join(', ')}. Pick the same file to resume.
        </p>
      )}
      <VideoTextFields
        title={title}
        description={description}
        onTitle={setTitle}
        onDescription={setDescription}
        disabled={upload.busy}
      />
      <label className="upload-toggle">
        <input
          type="checkbox"
          checked={isPublic}
          disabled={upload.busy}
          onChange={(event) => setIsPublic(event.target.checked)}
        />
        Public
      </label>
      {error && (
        <p className="upload-error" role="alert">
          {error}
        </p>
      )}
      {state.phase !== 'idle' && (
        <p className={`upload-status upload-status-${state.phase}`} role="status" data-testid="upload-status">
          {state.message}
        </p>
      )}
      {(state.phase === 'uploading' || (state.phase === 'error' && state.total > 0)) && (
        <UploadProgress state={state} />
      )}
      <div className="upload-actions">
        {upload.busy && (
          <button type="button" className="button" onClick={upload.cancel}>
            Cancel upload
          </button>
        )}
        <button
          type="submit"
          className="button button-primary"
          disabled={!file || title.length === 0 || upload.busy}
        >
          {upload.busy ? 'Uploading...' : 'Upload'}
        </button>
      </div>
    </form>
  );
}
