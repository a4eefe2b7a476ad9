import { type KeyboardEvent, useId, useState } from 'react';
import { addTag, MAX_TAG_LENGTH, MAX_TAGS, removeTag } from './wizard-state';

type StepTagsProps = { tags: readonly string[]; onChange: (tags: string[]) => void };

/** Step 3: tags. A tag is added when it is non-empty after trimming and not already there. */
export function StepTags({ tags, onChange }: StepTagsProps) {
  const id = useId();
  const [draft, setDraft] = useState('');

  const add = () => {
    const next = addTag(tags, draft);
    if (next !== tags) onChange([...next]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter adds the tag instead of submitting the wizard's step.
    event.preventDefault();
    add();
  };

  return (
    <div className="wizard-field">
      <label htmlFor={id}>
        Tags <span className="muted">(optional)</span>
      </label>
      <div className="wizard-tag-input">
        <input
          id={id}
          value={draft}
          maxLength={MAX_TAG_LENGTH}
          placeholder="e.g. fps"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={tags.length >= MAX_TAGS}
        />
        <button type="button" className="button" onClick={add} disabled={!draft.trim()}>
          Add
        </button>
      </div>
      {tags.length > 0 ? (
        <ul className="wizard-tag-list" aria-label="Added tags">
          {tags.map((tag) => (
            <li key={tag} className="wizard-tag">
              <span>{tag}</span>
              <button
                type="button"
                className="wizard-tag-remove"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(removeTag(tags, tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="wizard-field-hint muted">No tags yet.</p>
      )}
    </div>
  );
}
