import { useId } from 'react';

type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  multiline?: boolean;
  type?: 'text' | 'email' | 'url';
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
};

/** A labelled input (or textarea) with its inline error, announced to screen readers. */
export function TextField({ label, value, onChange, error, required, multiline, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const shared = {
    id,
    value,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    placeholder: input.placeholder,
    maxLength: input.maxLength,
  };
  return (
    <div className="wizard-field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {multiline ? (
        <textarea {...shared} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...shared}
          type={input.type ?? 'text'}
          autoComplete={input.autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error && (
        <p id={errorId} className="wizard-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
