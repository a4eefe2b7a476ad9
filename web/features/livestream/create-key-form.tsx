import { type FormEvent, useId, useState } from 'react';
import { LIVE_LIMITS, LIVE_TEXT } from '../../../schema/live';

type CreateKeyFormProps = { keyExists: boolean; busy: boolean; onCreate: (name: string) => void };

/**
 * Names and creates the one stream key. With a key there is nothing to name: only the button
 * stays, reading 'Key Exists', disabled (live §2).
 */
export function CreateKeyForm({ keyExists, busy, onCreate }: CreateKeyFormProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (keyExists) return;
    const trimmed = name.trim();
    if (!trimmed) return setError(LIVE_TEXT.keyNameRequired);
    setError(null);
    onCreate(trimmed);
  };
  return (
    <form className="ls-key-form" onSubmit={onSubmit} noValidate>
      {!keyExists && (
        <>
          <label htmlFor={inputId}>Stream key name</label>
          <input
            id={inputId}
            className="text-input"
            value={name}
            maxLength={LIVE_LIMITS.keyNameMax}
            placeholder="My stream"
            aria-invalid={error ? true : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </>
      )}
      {!keyExists && error && (
        <p className="ls-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={keyExists || busy}>
        {keyExists ? 'Key Exists' : busy ? 'Creating...' : 'Create Stream Key'}
      </button>
    </form>
  );
}
