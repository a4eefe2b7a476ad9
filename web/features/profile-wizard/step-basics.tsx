import { ImageUploadField } from './image-upload-field';
import { TextField } from './text-field';
import type { ProfileForm, StepOneErrors } from './wizard-state';

type StepBasicsProps = {
  form: ProfileForm;
  errors: StepOneErrors;
  onChange: (patch: Partial<ProfileForm>) => void;
  onUploadingChange: (busy: boolean) => void;
};

/** Step 1: who you are. Validated on Next (accounts §5). */
export function StepBasics({ form, errors, onChange, onUploadingChange }: StepBasicsProps) {
  return (
    <>
      <TextField
        label="Username"
        required
        autoComplete="username"
        value={form.username}
        error={errors.username}
        onChange={(username) => onChange({ username })}
      />
      <TextField
        label="Full name"
        required
        autoComplete="name"
        value={form.fullName}
        error={errors.fullName}
        onChange={(fullName) => onChange({ fullName })}
      />
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="email"
        value={form.email}
        error={errors.email}
        onChange={(email) => onChange({ email })}
      />
      <TextField
        label="Description"
        multiline
        required
        value={form.description}
        error={errors.description}
        onChange={(description) => onChange({ description })}
      />
      <ImageUploadField
        label="Avatar"
        required
        value={form.avatar}
        error={errors.avatar}
        onChange={(avatar) => onChange({ avatar })}
        onBusyChange={onUploadingChange}
      />
    </>
  );
}
