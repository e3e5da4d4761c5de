import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { BAN_REASON_MAX_LENGTH, BAN_REASON_MIN_LENGTH, banReasonSchema } from '@contract/payments.ts';
import { Field } from '@/components/ui/form-fields.tsx';

export interface UnbanDetails {
  discordUsername: string;
  banReason: string;
}

const DISCORD_USERNAME_MAX = 64;

/** The ban reason in the player's words, with the length the server accepts and how much is written so far. */
export function BanReasonField({
  value,
  onChange,
  error,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  return (
    <Field
      label="Ban reason"
      required
      error={error}
      hint={
        <>
          What the ban was for, roughly when it happened, and anything staff should know (for example the ban message
          you saw). {BAN_REASON_MIN_LENGTH} to {BAN_REASON_MAX_LENGTH.toLocaleString('en-US')} characters;{' '}
          <span data-testid="ban-reason-count">{value.trim().length.toLocaleString('en-US')}</span> so far.
        </>
      }
    >
      {(props) => (
        <textarea
          {...props}
          ref={inputRef}
          name="banReason"
          rows={5}
          maxLength={BAN_REASON_MAX_LENGTH + 50}
          className={`${props.className} min-h-[7rem] resize-y`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** The player-facing check of the unban details; the server checks the ban reason again with the same rule. */
export function unbanDetailsErrors(details: UnbanDetails): Partial<Record<keyof UnbanDetails, string>> {
  const errors: Partial<Record<keyof UnbanDetails, string>> = {};
  const name = details.discordUsername.trim();
  if (!name) errors.discordUsername = 'Enter the Discord username of the banned account.';
  else if (name.length > DISCORD_USERNAME_MAX)
    errors.discordUsername = `Discord usernames are at most ${DISCORD_USERNAME_MAX} characters.`;
  const reason = banReasonSchema.safeParse(details.banReason);
  if (!reason.success) errors.banReason = reason.error.issues[0]?.message ?? 'Enter the ban reason.';
  return errors;
}

/**
 * What senior staff need to review an unban: the banned Discord account (the signed-in player's Discord name to
 * start with) and the ban reason in the player's words. Focus goes to the first field that needs fixing, whose
 * message is tied to it (aria-describedby), so it is read out with the field.
 */
export function UnbanDetailsForm({
  initial,
  onSubmit,
}: {
  initial: UnbanDetails;
  onSubmit: (details: UnbanDetails) => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof UnbanDetails, string>>>({});
  const discordRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = unbanDetailsErrors(values);
    setErrors(found);
    if (found.discordUsername) return discordRef.current?.focus();
    if (found.banReason) return reasonRef.current?.focus();
    onSubmit({ discordUsername: values.discordUsername.trim(), banReason: values.banReason.trim() });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Unban details" className="space-y-4">
      <Field
        label="Discord username"
        required
        error={errors.discordUsername}
        hint="The Discord account that was banned. We filled in the one you signed in with."
      >
        {(props) => (
          <input
            {...props}
            ref={discordRef}
            name="discordUsername"
            autoComplete="username"
            maxLength={DISCORD_USERNAME_MAX + 10}
            value={values.discordUsername}
            onChange={(event) => setValues({ ...values, discordUsername: event.target.value })}
          />
        )}
      </Field>
      <BanReasonField
        value={values.banReason}
        onChange={(banReason) => setValues({ ...values, banReason })}
        error={errors.banReason}
        inputRef={reasonRef}
      />
      <button
        type="submit"
        className="w-full rounded-lg bg-gold-500 px-4 py-3 font-semibold text-bayou-950 hover:bg-gold-400"
      >
        Continue to payment
      </button>
    </form>
  );
}
