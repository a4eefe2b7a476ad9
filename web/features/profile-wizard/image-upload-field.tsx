import { type ChangeEvent, useId } from 'react';
import { MESSAGES } from '../../../schema/messages';
import { ApiRequestError } from '../../lib/api';
import { showToast } from '../../ui/toast-store';
import { ACCEPTED_IMAGE_TYPES, IMAGE_HINT, isAcceptedImage, MAX_IMAGE_BYTES } from './image-file';
import { useUploadImage } from './queries';

type ImageUploadFieldProps = {
  label: 'Avatar' | 'Banner';
  value: string;
  onChange: (url: string) => void;
  onBusyChange: (busy: boolean) => void;
  error?: string;
  required?: boolean;
};

/**
 * Picks an image, uploads it at once and keeps its URL. Non-images are refused before upload with
 * the spec's message; the spec's toasts report the upload.
 */
export function ImageUploadField({
  label,
  value,
  onChange,
  onBusyChange,
  error,
  required,
}: ImageUploadFieldProps) {
  const id = useId();
  const upload = useUploadImage();

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) {
      showToast(MESSAGES.imageUpload.invalidImage, 'error');
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      showToast(MESSAGES.imageUpload.failedAvatarBanner, 'error');
      return;
    }
    onBusyChange(true);
    upload.mutate(file, {
      onSuccess: ({ url }) => {
        onChange(url);
        showToast(MESSAGES.imageUpload.uploaded(label), 'success');
      },
      onError: (reason) => {
        console.error(`${label} upload failed`, reason);
        // Too many uploads is not a failure of this image: the server's message says to wait.
        const wait = reason instanceof ApiRequestError && reason.status === 429;
        showToast(wait ? reason.message : MESSAGES.imageUpload.failedAvatarBanner, 'error');
      },
      onSettled: () => onBusyChange(false),
    });
  };

  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`wizard-field wizard-image-field wizard-image-field-${label.toLowerCase()}`}>
      <span className="wizard-field-label" id={`${id}-label`}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : <span className="muted"> (optional)</span>}
      </span>
      <div className="wizard-image-field-row">
        <div className="wizard-image-preview" aria-hidden="true">
          {value && <img src={value} alt="" />}
        </div>
        <input
          id={id}
          className="visually-hidden"
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          disabled={upload.isPending}
          onChange={onPick}
        />
        <label className="button" htmlFor={id} aria-hidden="true">
          {upload.isPending ? 'Uploading...' : `${value ? 'Change' : 'Upload'} ${label.toLowerCase()}`}
        </label>
      </div>
      <p id={`${id}-hint`} className="wizard-field-hint muted">
        {IMAGE_HINT}
      </p>
      {error && (
        <p id={`${id}-error`} className="wizard-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
