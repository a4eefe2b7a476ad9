import { useId } from 'react';
import { VIDEO_DESCRIPTION_MAX_LENGTH, VIDEO_TITLE_MAX_LENGTH } from '../../../schema/content';

type VideoTextFieldsProps = {
  title: string;
  description: string;
  onTitle: (title: string) => void;
  onDescription: (description: string) => void;
  disabled?: boolean;
};

/**
 * A video's title and description boxes, as the upload form and the studio's Edit dialog show them.
 * Their limits are the upload schema's (schema/content.ts), which every write of these fields
 * checks, so a box never takes what the server would refuse. Styled by upload.css's `.upload-field`.
 */
export function VideoTextFields({
  title,
  description,
  onTitle,
  onDescription,
  disabled,
}: VideoTextFieldsProps) {
  const id = useId();
  return (
    <>
      <div className="upload-field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          value={title}
          maxLength={VIDEO_TITLE_MAX_LENGTH}
          required
          disabled={disabled}
          onChange={(event) => onTitle(event.target.value)}
        />
      </div>
      <div className="upload-field">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          rows={3}
          value={description}
          maxLength={VIDEO_DESCRIPTION_MAX_LENGTH}
          disabled={disabled}
          onChange={(event) => onDescription(event.target.value)}
        />
      </div>
    </>
  );
}
