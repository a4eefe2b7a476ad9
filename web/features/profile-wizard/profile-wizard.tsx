import { type FormEvent, useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../../schema/constants';
import { useUsernameLookup } from './queries';
import { type SocialErrors, socialLinkErrors } from './social-links';
import { StepBasics } from './step-basics';
import { StepLook } from './step-look';
import { StepSocial } from './step-social';
import { StepTags } from './step-tags';
import {
  cleanSocial,
  hasErrors,
  nextStep,
  type ProfileForm,
  previousStep,
  type StepOneErrors,
  validateStepOne,
} from './wizard-state';
import './profile-wizard.css';

const STEP_TITLES = ['Basic information', 'Banner and category', 'Tags', 'Social links'] as const;
/** The server's 409 text for a name someone else holds, shown inline instead of a dead end. */
const USERNAME_TAKEN = 'Username is already taken';

type ProfileWizardProps = {
  initial: ProfileForm;
  /** The signed-in user's id when editing, so keeping one's own username is not "taken". */
  ownerId: string | null;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onSubmit: (form: ProfileForm) => void;
};

/** The 4-step registration / profile-edit wizard (accounts §2, §4, §5). */
export function ProfileWizard({
  initial,
  ownerId,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
}: ProfileWizardProps) {
  const [form, setForm] = useState(initial);
  const [step, setStep] = useState(1);
  const [errors, setErrors] = useState<StepOneErrors>({});
  const [socialErrors, setSocialErrors] = useState<SocialErrors>({});
  const [uploading, setUploading] = useState(0);
  const [checking, setChecking] = useState(false);
  const lookUpUsername = useUsernameLookup();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  useEffect(() => {
    // Keyboard and screen-reader users land on the new step's heading.
    if (shownStep.current !== step) headingRef.current?.focus();
    shownStep.current = step;
  }, [step]);

  const change = (patch: Partial<ProfileForm>) => setForm((current) => ({ ...current, ...patch }));
  const onUploadingChange = (busyNow: boolean) => setUploading((count) => count + (busyNow ? 1 : -1));

  const focusFirstInvalid = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  /** The server refuses any link that is not https: say which here instead of failing the save. */
  const checkSocial = (): boolean => {
    const found = socialLinkErrors(cleanSocial(form.social));
    setSocialErrors(found);
    if (Object.keys(found).length === 0) return true;
    focusFirstInvalid();
    return false;
  };

  const checkStepOne = async (): Promise<boolean> => {
    const found = validateStepOne(form);
    if (!hasErrors(found)) {
      const holder = await lookUpUsername(form.username.trim()).catch(() => null);
      if (holder && holder.id !== ownerId) found.username = USERNAME_TAKEN;
    }
    setErrors(found);
    if (!hasErrors(found)) return true;
    focusFirstInvalid();
    return false;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || checking || uploading > 0) return;
    if (step < LIMITS.wizardSteps) {
      if (step === 1) {
        setChecking(true);
        const valid = await checkStepOne().finally(() => setChecking(false));
        if (!valid) return;
      }
      setStep(nextStep(step));
      return;
    }
    if (checkSocial()) onSubmit(form);
  };

  const isLast = step === LIMITS.wizardSteps;
  return (
    <form ref={formRef} className="wizard" noValidate onSubmit={submit}>
      <div className="wizard-progress">
        <p className="wizard-step" aria-live="polite">{`step ${step} of ${LIMITS.wizardSteps}`}</p>
        <progress value={step} max={LIMITS.wizardSteps} aria-hidden="true" />
      </div>
      <h3 ref={headingRef} className="wizard-title" tabIndex={-1}>
        {STEP_TITLES[step - 1]}
      </h3>
      <div className="wizard-fields">
        {step === 1 && (
          <StepBasics form={form} errors={errors} onChange={change} onUploadingChange={onUploadingChange} />
        )}
        {step === 2 && <StepLook form={form} onChange={change} onUploadingChange={onUploadingChange} />}
        {step === 3 && <StepTags tags={form.tags} onChange={(tags) => change({ tags })} />}
        {step === 4 && (
          <StepSocial social={form.social} errors={socialErrors} onChange={(social) => change({ social })} />
        )}
      </div>
      <div className="wizard-actions">
        <button
          type="button"
          className="button"
          disabled={step === 1 || busy || uploading > 0}
          onClick={() => setStep(previousStep(step))}
        >
          Previous
        </button>
        {isLast ? (
          <button
            key="finish"
            type="submit"
            className="button button-primary"
            disabled={busy || uploading > 0}
          >
            {busy ? busyLabel : submitLabel}
          </button>
        ) : (
          <button
            key="next"
            type="submit"
            className="button button-primary"
            disabled={checking || uploading > 0}
          >
            Next
          </button>
        )}
      </div>
    </form>
  );
}
